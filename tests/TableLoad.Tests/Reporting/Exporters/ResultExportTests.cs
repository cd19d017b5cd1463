using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
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

    public void Dispose() => Directory.Delete(_dir, recursive: true);

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
