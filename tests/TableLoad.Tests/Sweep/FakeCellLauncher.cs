using TableLoad.ChildRuns;
using TableLoad.Reporting;
using TableLoad.Sweep;

namespace TableLoad.Tests.Sweep;

/// <summary>Stands in for a child run: writes the summary.json the test scripts into the cell's --output folder.</summary>
internal sealed class FakeCellLauncher(Func<SweepCell, ChildRunSignals, (int ExitCode, string? Summary)> behaviour) : ICellLauncher
{
    public List<SweepCell> Launched { get; } = [];

    public List<IReadOnlyList<string>> Arguments { get; } = [];

    public static FakeCellLauncher Completing(Func<SweepCell, string>? summary = null) =>
        new((cell, _) => (0, summary?.Invoke(cell) ?? CellSummaries.Json()));

    public Task<int> RunAsync(SweepCell cell, IReadOnlyList<string> arguments, ChildRunSignals signals)
    {
        Launched.Add(cell);
        Arguments.Add(arguments);
        var output = arguments[arguments.ToList().IndexOf("--output") + 1];
        Directory.CreateDirectory(output);
        var (exitCode, summary) = behaviour(cell, signals);
        if (summary is not null)
        {
            File.WriteAllText(Path.Combine(output, ResultFiles.SummaryJson), summary);
        }

        return Task.FromResult(exitCode);
    }
}
