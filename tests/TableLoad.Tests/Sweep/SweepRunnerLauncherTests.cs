using TableLoad.ChildRuns;
using TableLoad.Reporting;
using TableLoad.Storage;
using TableLoad.Sweep;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Sweep;

/// <summary>A sweep reads its cells' results only through the launcher's result, wherever the cells ran.</summary>
public sealed class SweepRunnerLauncherTests : IDisposable
{
    private readonly string _local = Directory.CreateTempSubdirectory("tableload-sweep-local-").FullName;
    private readonly string _elsewhere = Directory.CreateTempSubdirectory("tableload-sweep-elsewhere-").FullName;

    private static SweepSettings CreateSettings(string output)
    {
        var knobs = new SweepKnobs([BatchClientKind.Sdk], ["tuned"], [1], [1, 4], [Batching.Of(10), Batching.Of(100)], [EntityShape.OfSize(512)], ["single"], [null]);
        return new SweepSettings
        {
            Knobs = knobs,
            Cells = SweepGrid.Expand(knobs, 1),
            OutputDirectory = output,
            RunArguments = ["--duration", "1s"],
            Target = ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString),
            CellTime = TimeSpan.FromSeconds(1),
            StartedUtc = DateTimeOffset.UnixEpoch,
        };
    }

    private static async Task<int> RunAsync(string output, ICellLauncher launcher)
    {
        using var signals = new ChildRunSignals();
        return await new SweepRunner(CreateSettings(output), launcher, TextWriter.Null, new CollectingLogger(), TimeProvider.System).RunAsync(signals);
    }

    [Fact]
    public async Task RunAsync_ALauncherServingTheCellsResultsFromMemory_WritesTheSameSweepCsv_AndReadsNoCellFolder()
    {
        await RunAsync(_local, FakeCellLauncher.Completing(cell => CellSummaries.Json(CellSummaries.Summary(peak: (cell.Tasks * 1000) + cell.BatchSize.Size, p99: 90 - cell.Tasks))));
        var elsewhere = MemoryCellLauncher.CopyOf(_local);

        var exitCode = await RunAsync(_elsewhere, elsewhere);

        Assert.Equal(ExitCodes.Success, exitCode);
        Assert.Equal(4, elsewhere.Served.Count);
        Assert.Equal(File.ReadAllText(Path.Combine(_local, ResultFiles.SweepCsv)), File.ReadAllText(Path.Combine(_elsewhere, ResultFiles.SweepCsv)));
        Assert.Empty(Directory.GetDirectories(_elsewhere));
    }

    public void Dispose()
    {
        Directory.Delete(_local, recursive: true);
        Directory.Delete(_elsewhere, recursive: true);
    }
}
