namespace TableLoad.ChildRuns;

/// <summary>Runs one child's <c>tableload run</c> (a cell, a probe) to its end and returns its exit code.</summary>
internal interface ICellLauncher
{
    Task<int> RunAsync(string child, IReadOnlyList<string> arguments, ChildRunSignals signals);
}
