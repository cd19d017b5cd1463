using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Reporting.Exporters;
using TableLoad.Reporting.Merge;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting.Merge;

public sealed class ResultMergerTests : IDisposable
{
    private static readonly DateTimeOffset Start = new(2026, 11, 25, 12, 0, 0, 250, TimeSpan.Zero);

    private readonly string _root = Directory.CreateTempSubdirectory("tableload-merge-").FullName;

    private string Folder(string name) => Path.Combine(_root, name);

    private RunReport CreateReport(string directory, RunSummary summary)
    {
        var settings = DefaultRunSettings.Create() with
        {
            Target = ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString),
            Table = "t1",
            OutputDirectory = directory,
            RunId = "r1",
            Label = "",
            Warmup = TimeSpan.FromSeconds(2),
            Duration = TimeSpan.FromSeconds(4),
        };
        return new RunReport(RunMoments.Measured, settings, summary with { RunId = settings.RunId, Label = settings.Label }, Start, Start.AddSeconds(7), []);
    }

    // A run's folder as the run writes it: the exporters' run.json and summary.json, and six seconds through the per-second files.
    private async Task<string> WriteRunFolderAsync()
    {
        var directory = Directory.CreateDirectory(Folder("run")).FullName;
        var report = CreateReport(directory, RunSummaries.Create());
        await new IResultExporter[] { new RunJsonExporter(), new SummaryJsonExporter() }.ExportAsync(report);
        var first = Start.ToUnixTimeSeconds();
        var warmupEnd = RunTimeline.Create(Start.ToUnixTimeMilliseconds() * 1000, report.Settings.Warmup, report.Settings.Duration).WarmupEndEpochSecond;
        using var perSecond = PerSecondFiles.Open(directory, Start, stages: null);
        var merger = new WindowMerger(new WindowPool(), warmupEnd, perSecond.Sinks, first);
        for (var second = first; second < first + 6; second++)
        {
            var window = new Window();
            window.Reset(second);
            window.Warmup = second < warmupEnd;
            for (var i = 0; i < 5; i++)
            {
                window.Counts.Record(new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), 100);
                window.Latency.RecordValue(10_000 + (second - first) * 1_000 + (i * 137));
            }

            window.Counts.Record(new BatchResult(BatchOutcome.ServerBusy, 503, "ServerBusy", null, 1), 100);
            window.Latency.RecordValue(250_000);
            merger.Add(window);
        }

        merger.Publish(long.MaxValue);
        return directory;
    }

    [Fact]
    public async Task MergeAsync_OneFolder_WritesExactlyTheFilesOfARun_ByteForByteAsItsWritersWriteThem()
    {
        var run = await WriteRunFolderAsync();
        var merged = Folder("merged");

        var summary = await ResultMerger.MergeAsync(ResultMerger.Plan([ResultPart.Read(run)]), merged, label: null, thresholds: []);

        Assert.Equal(
            new[] { ResultFiles.IntervalsCsv, ResultFiles.LatencyHlog, ResultFiles.RunJson, ResultFiles.SummaryJson }.Order(StringComparer.Ordinal),
            Directory.GetFiles(merged).Select(f => Path.GetFileName(f)).Order(StringComparer.Ordinal));
        Assert.Equal(File.ReadAllBytes(Path.Combine(run, ResultFiles.IntervalsCsv)), File.ReadAllBytes(Path.Combine(merged, ResultFiles.IntervalsCsv)));
        Assert.Equal(File.ReadAllBytes(Path.Combine(run, ResultFiles.LatencyHlog)), File.ReadAllBytes(Path.Combine(merged, ResultFiles.LatencyHlog)));
        var exported = Directory.CreateDirectory(Folder("exported")).FullName;
        await new SummaryJsonExporter().ExportAsync(CreateReport(exported, summary) with { Summary = summary });
        Assert.Equal(File.ReadAllBytes(Path.Combine(exported, ResultFiles.SummaryJson)), File.ReadAllBytes(Path.Combine(merged, ResultFiles.SummaryJson)));
        var description = ResultJson.Read<MergedRunDescription>(Path.Combine(merged, ResultFiles.RunJson));
        Assert.Equal([run], description.MergedFrom);
        Assert.Equal("r1", Assert.Single(description.Parts).RunId);
        Assert.Equal(ResultColumns.Latency, description.LatencyColumns);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
