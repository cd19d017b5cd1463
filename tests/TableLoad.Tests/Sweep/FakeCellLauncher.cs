using TableLoad.Settings;
using TableLoad.Storage;
using System.Globalization;
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

    public Task<IChildRunResult> RunAsync(ChildRunRequest request, ChildRunSignals signals)
    {
        var arguments = request.Arguments;
        var cell = CellOf(arguments);
        Assert.Equal(request.Child, cell.Name);
        Assert.Equal(request.Folder, arguments[arguments.ToList().IndexOf("--output") + 1]);
        Launched.Add(cell);
        Arguments.Add(arguments);
        Directory.CreateDirectory(request.Folder);
        var (exitCode, summary) = behaviour(cell, signals);
        if (summary is not null)
        {
            File.WriteAllText(Path.Combine(request.Folder, ResultFiles.SummaryJson), summary);
        }

        return Task.FromResult<IChildRunResult>(new ChildRunFolder(exitCode, request.Folder));
    }

    // The cell as its command line gives it, the repeat pass from the name run is given in --label.
    private static SweepCell CellOf(IReadOnlyList<string> arguments)
    {
        var args = arguments.ToList();
        string? Value(string option) => args.IndexOf(option) is var i and >= 0 ? args[i + 1] : null;
        int Number(string option) => int.Parse(Value(option)!, CultureInfo.InvariantCulture);
        var label = Value("--label")!;
        return new SweepCell(
            BatchClientKindNames.TryParse(Value("--client"), out var client) ? client : throw new ArgumentException("A cell without --client."),
            Number("--processes"),
            Number("--tasks"),
            Number("--batch-size"),
            Value("--entity-size") is { } size ? EntityShape.OfSize(int.Parse(size, CultureInfo.InvariantCulture)) : EntityShape.Sample,
            Value("--partitions")!,
            CellLoad.Of(Value("--rate") is { } rate && RateTarget.TryParse(rate, out var given) ? given : null),
            int.Parse(label[(label.LastIndexOf("-r", StringComparison.Ordinal) + 2)..], CultureInfo.InvariantCulture))
        {
            Runtime = Value("--runtime")!,
            Workload = Value("--operation") is { } operation && TableOperationNames.TryParse(operation, out var sent) ? new CellWorkload.OneOperation(sent) : CellWorkload.Mix,
        };
    }
}
