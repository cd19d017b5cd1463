using System.Globalization;
using System.Text.Json;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Reporting.Exporters;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting.Exporters;

public sealed class ResultExportTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("tableload-export-").FullName;

    [Theory]
    [InlineData("Started", "run.json")]
    [InlineData("Provisional", "summary.json")]
    [InlineData("Measured", "run.json summary.json table")]
    [InlineData("Finished", "summary.json")]
    public async Task Export_EachMoment_WritesWhatItsExportersWriteThen(string moment, string written)
    {
        var output = new StringWriter();
        IResultExporter[] exporters = [new RunJsonExporter(), new SummaryJsonExporter(), new ResultTableExporter(output, NullLogger.Instance)];

        await exporters.ExportAsync(Report(Enum.Parse<RunMoments>(moment)));

        var seen = new[] { ResultFiles.RunJson, ResultFiles.SummaryJson }.Where(f => File.Exists(Path.Combine(_dir, f))).ToList();
        if (output.ToString().Contains("| processes", StringComparison.Ordinal))
        {
            seen.Add("table");
        }

        Assert.Equal(written, string.Join(' ', seen));
    }

    [Fact]
    public async Task TableExporter_AFailedWorker_IsNamedOnStderr_AndTheTableOnStdout()
    {
        var output = new StringWriter();
        var log = new CollectingLogger();

        await new ResultTableExporter(output, log).ExportAsync(Report(RunMoments.Measured) with { WorkerFailures = ["worker 1 (pid 7) fell silent"] });

        Assert.Equal((LogLevel.Warning, "worker 1 (pid 7) fell silent"), Assert.Single(log.Entries));
        Assert.DoesNotContain("fell silent", output.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunJsonExporter_WritesTheEndOnlyWhenTheReportHasOne()
    {
        var started = new DateTimeOffset(2026, 11, 23, 23, 0, 0, TimeSpan.Zero);

        await new RunJsonExporter().ExportAsync(Report(RunMoments.Measured) with { StartedUtc = started, EndedUtc = started.AddMinutes(1) });

        var description = ResultJson.Read<RunDescription>(Path.Combine(_dir, ResultFiles.RunJson));
        Assert.Equal(started.AddMinutes(1), description.EndedUtc);
    }

    [Fact]
    public async Task RunJson_RecordsTheTablesLatencyColumns_EachShowingItsSummaryJsonField()
    {
        var output = new StringWriter();
        IResultExporter[] exporters = [new RunJsonExporter(), new SummaryJsonExporter(), new ResultTableExporter(output, NullLogger.Instance)];

        await exporters.ExportAsync(Report(RunMoments.Measured));

        var columns = ResultJson.Read<RunDescription>(Path.Combine(_dir, ResultFiles.RunJson)).LatencyColumns!;
        var declared = Figures.All.Where(f => f.Unit == FigureUnit.Milliseconds && f.Column is not null).Select(f => f.Column!.Header).Append("min");
        Assert.Equal(ResultColumns.All.Select(c => c.Header).Where(declared.Contains), columns.Select(c => c.Header));
        Assert.Contains("p99.9", columns.Select(c => c.Header));
        var row = TableRow(output.ToString());
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(_dir, ResultFiles.SummaryJson)));
        var latency = summary.RootElement.GetProperty("latency_ms");
        Assert.All(columns, c => Assert.Equal(latency.GetProperty(c.Field).GetDouble().ToString("F2", CultureInfo.InvariantCulture), row[c.Header]));
    }

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    // The printed table's first row, by header.
    private static Dictionary<string, string> TableRow(string table)
    {
        var lines = table.Split('\n').Where(l => l.StartsWith('|')).ToList();
        static string[] Cells(string line) => [.. line.Trim().Trim('|').Split('|').Select(c => c.Trim())];
        var header = lines.FindIndex(l => l.Contains("| processes", StringComparison.Ordinal));
        return Cells(lines[header]).Zip(Cells(lines[header + 2])).ToDictionary(p => p.First, p => p.Second);
    }

    private RunReport Report(RunMoments moment)
    {
        var settings = DefaultRunSettings.Create() with
        {
            Target = ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString),
            Table = "t1",
            OutputDirectory = _dir,
            RunId = "r1",
        };
        return new RunReport(moment, settings, RunSummaries.Create(), DateTimeOffset.UnixEpoch, null, []);
    }
}
