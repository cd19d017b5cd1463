namespace TableLoad.ChildRuns;

/// <summary>Runs one child's <c>tableload run</c> (a cell, a probe, a round's run) to its end and returns what it left.</summary>
internal interface ICellLauncher
{
    Task<IChildRunResult> RunAsync(ChildRunRequest request, ChildRunSignals signals);
}
