using TableLoad.ChildRuns;

namespace TableLoad.Sweep;

/// <summary>Runs one cell's <c>tableload run</c> to its end and returns its exit code.</summary>
internal interface ICellLauncher
{
    Task<int> RunAsync(SweepCell cell, IReadOnlyList<string> arguments, ChildRunSignals signals);
}
