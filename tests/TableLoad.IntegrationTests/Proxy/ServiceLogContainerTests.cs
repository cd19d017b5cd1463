using System.Globalization;
using System.Text;
using System.Text.Json;
using Azure.Storage.Blobs;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement.Service;
using TableLoad.Reporting;
using TableLoad.Storage.ServiceLog;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// The service's request log read from the account's blob container, as a diagnostic setting archives it, through the command line: the
/// proxy's log of a run, uploaded into Azurite's blob service under the archive's layout, gives report the same service.log as the file.
/// </summary>
[Collection(ServiceViewAzuriteCollection.Name)]
public sealed class ServiceLogContainerTests(AzuriteFixture azurite, AzuriteBlobFixture blobs, SharedRuns runs, ITestOutputHelper log)
    : IClassFixture<AzuriteBlobFixture>, IClassFixture<SharedRuns>, IDisposable
{
    private const string Archive = "insights-logs-storagetablelogs";
    private const string ResourceRoot = "resourceId=/SUBSCRIPTIONS/00000000-0000-0000-0000-000000000000/RESOURCEGROUPS/TABLELOAD/PROVIDERS/MICROSOFT.STORAGE/STORAGEACCOUNTS/";

    private readonly string _output = Directory.CreateTempSubdirectory("tableload-service-log-container-").FullName;

    [Fact]
    public async Task Report_FromTheArchiveContainer_GivesTheServiceLogTheFileGave_ReadingOnlyTheRunsHoursAndAccount()
    {
        var run = await RunBehindTheProxyAsync();
        var records = File.ReadAllLines(run.LogPath).Where(l => l.Length > 0).ToList();
        var container = blobs.Container(Archive);
        await container.CreateIfNotExistsAsync();
        foreach (var hour in records.GroupBy(l => Hour(JsonSerializer.Deserialize(l, ServiceLogJsonContext.Default.ResourceLogRecord)!.Time)))
        {
            await UploadAsync(container, $"{ResourceRoot}DEVSTOREACCOUNT1/TABLESERVICES/DEFAULT/{HourFolder(hour.Key)}PT1H.json", hour);
            // Another account's archive of the same hour, and the run's account's archive of a day before: neither is the run's.
            await UploadAsync(container, $"{ResourceRoot}OTHERACCOUNT/TABLESERVICES/DEFAULT/{HourFolder(hour.Key)}PT1H.json", hour);
            await UploadAsync(container, $"{ResourceRoot}DEVSTOREACCOUNT1/TABLESERVICES/DEFAULT/{HourFolder(hour.Key.AddDays(-1))}PT1H.json", hour);
        }

        var (exitCode, stdout, stderr) = await ReportAsync(run, $"container:{Archive}");

        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        var fromContainer = Assert.IsType<ServiceLogSummary>(new ResultFolder(Merged).Summary.Service?.Log);
        Assert.Equal(ResultJson.Serialize(run.Log), ResultJson.Serialize(fromContainer));
        Assert.Equal(records.Count, fromContainer.Records);
        Assert.Contains($"service log: {records.Count} records; ", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Report_FromTheClassicLogsContainer_JoinsTheRunsHoursLines()
    {
        var run = await RunBehindTheProxyAsync();
        var requests = new ResultFolder(run.Folder).Csv(ResultFiles.BatchesCsv);
        var started = new ResultFolder(run.Folder).Run.StartedUtc;
        var container = blobs.Container("$logs");
        await container.CreateIfNotExistsAsync();
        // The run's own ids as the service's $logs/table/YYYY/MM/DD/hh00/NNNNNN.log holds them: 5 ms in the service, 7 in all.
        var lines = requests.Select(r => (Start: started.AddMilliseconds(ResultFolder.Number(r["start_ms"])), Request: r))
            .Select(r => (Hour: Hour(r.Start), Line: ServiceLogTests.ClassicLine(r.Start, r.Request["request_id"], r.Request["client_request_id"])));
        foreach (var hour in lines.GroupBy(l => l.Hour, l => l.Line))
        {
            await UploadAsync(container, string.Create(CultureInfo.InvariantCulture, $"table/{hour.Key:yyyy/MM/dd/HH}00/000000.log"), hour);
            await UploadAsync(container, string.Create(CultureInfo.InvariantCulture, $"table/{hour.Key.AddDays(-1):yyyy/MM/dd/HH}00/000000.log"), hour);
        }

        var (exitCode, _, stderr) = await ReportAsync(run, "container:$logs");

        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        var classic = Assert.IsType<ServiceLogSummary>(new ResultFolder(Merged).Summary.Service?.Log);
        Assert.Equal(((long)requests.Count, (long)requests.Count, 0L), (classic.Records, classic.Joined, classic.Unjoined));
        Assert.Equal(5, classic.SharesMs.Service.P50, precision: 1);
    }

    [Fact]
    public async Task Report_FromAContainerThatDoesNotExist_KeepsTheResults_AndSaysWhyInServiceLogAndOneWarning() =>
        await AssertUnavailableAsync("no-such-logs", blobs.WithBlobEndpoint(azurite.ConnectionString), $"the container 'no-such-logs' at {blobs.BlobEndpoint}/no-such-logs does not exist");

    [Fact]
    public async Task Report_WithAWrongAccountKey_KeepsTheResults_AndSaysTheKeyWasRefused()
    {
        var wrongKey = Convert.ToBase64String(Encoding.UTF8.GetBytes("not the account's key, 64 bytes long............................"));

        await AssertUnavailableAsync(Archive, blobs.WithBlobEndpoint(azurite.ConnectionString.Replace(AzuriteFixture.AccountKey, wrongKey, StringComparison.Ordinal)),
            $"the container '{Archive}' at {blobs.BlobEndpoint}/{Archive} refused the account key (403 AuthorizationFailure): check that it is the account's own, and that the account's firewall admits this machine",
            wrongKey);
    }

    [Fact]
    public async Task Report_FromABlobServiceThatDoesNotAnswer_KeepsTheResults_AndSaysItDidNotAnswer()
    {
        var closed = new Uri($"http://127.0.0.1:{AzuriteFixture.PickFreePort()}/{AzuriteFixture.AccountName}");

        await AssertUnavailableAsync(Archive, $"{azurite.ConnectionString.TrimEnd(';')};BlobEndpoint={closed};", $"the container '{Archive}' at {closed}/{Archive} did not answer: Connection refused ({closed.Authority})");
    }

    [Fact]
    public async Task Run_ReadingAContainer_WhoseBlobServiceTheConnectionStringDoesNotName_IsRefusedBeforeAnyRequest() =>
        await RefusedRun.AssertRefusedAsync(
            $"--service-log 'container:{Archive}' reads the account's blob service, which neither the connection string nor the table endpoint names: give a connection string with its BlobEndpoint.",
            ["--service-log", $"container:{Archive}"]);

    [Fact]
    public async Task Report_WithANameThatCanBeNoContainer_IsRefusedInOneSentence()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["report", _output, "--service-log", "container:Logs_1"], connectionString: null);

        Assert.Equal((2, ""), (exitCode, stdout));
        Assert.Equal("--service-log 'container:Logs_1' names no blob container: give container:insights-logs-storagetablelogs, container:$logs, or another name of 3 to 63 lowercase letters, digits and hyphens.", stderr.Trim());
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private string Merged => Path.Combine(_output, "merged");

    /// <summary>
    /// A run behind the proxy that writes its log to a file, joined with it: the service.log the container must give again. Made once for
    /// the class, whose tests only read it and report it into folders of their own.
    /// </summary>
    private async Task<LoggedRun> RunBehindTheProxyAsync()
    {
        var run = await runs.OnceAsync("behind-the-proxy", async output =>
        {
            await using var proxy = await ProxyChild.StartAsync(azurite, ["--partition-limit", "10000000", "--account-limit", "10000000", "--service-log", LogPathOf(output)]);
            // Kept, so that no record of the table's deletion comes after the run's join. It ends after its batches, which the join counts.
            var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
                ["run", "--batches", "20", "--duration", "1m", "--warmup", "0s", "--tasks", "2", "--batch-size", "10", "--client", "wire", "--keep-table",
                 "--output", output, "--service-log", LogPathOf(output)],
                proxy.ConnectionString);
            log.WriteLine(stdout + stderr);
            return new FinishedRun(exitCode, stdout, stderr, output);
        });
        return new LoggedRun(run.Output, LogPathOf(run.Output), Assert.IsType<ServiceLogSummary>(run.Succeeded().Summary.Service?.Log));
    }

    // Beside the run's folder, which the run makes itself.
    private static string LogPathOf(string runFolder) => runFolder + "-service-log.json";

    // The account as the run loaded it, with its blob service: report reads the container with $TABLELOAD_CONNECTION_STRING.
    private Task<(int ExitCode, string Stdout, string Stderr)> ReportAsync(LoggedRun run, string serviceLog) =>
        ReportAsync(run, serviceLog, blobs.WithBlobEndpoint(azurite.ConnectionString));

    private async Task<(int ExitCode, string Stdout, string Stderr)> ReportAsync(LoggedRun run, string serviceLog, string connectionString)
    {
        var result = await TableLoadProcess.RunAsync(["report", run.Folder, "--output", Merged, "--service-log", serviceLog], connectionString);
        log.WriteLine(result.Stdout + result.Stderr);
        return result;
    }

    /// <summary>
    /// Reports the run with <paramref name="container"/> read with <paramref name="connectionString"/>: the merged results stand, and
    /// service.log.unavailable and one warning line say <paramref name="why"/>, with no stack trace and neither the key nor <paramref name="secret"/>.
    /// </summary>
    private async Task AssertUnavailableAsync(string container, string connectionString, string why, string? secret = null)
    {
        var run = await RunBehindTheProxyAsync();

        var (exitCode, stdout, stderr) = await ReportAsync(run, $"container:{container}", connectionString);

        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        var summary = new ResultFolder(Merged).Summary;
        Assert.Equal(why, summary.Service?.Log?.Unavailable);
        Assert.Equal(0, summary.Service!.Log!.Records);
        Assert.Equal($"The service's log is unavailable: {why}. The run's own results stand.", Assert.Single(Lines(stderr)));
        Assert.DoesNotContain("service log:", stdout, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", stdout + stderr, StringComparison.Ordinal);
        Assert.True(summary.EntitiesSucceeded > 0, "the merged results stand");
        var everything = stdout + stderr + await File.ReadAllTextAsync(Path.Combine(Merged, ResultFiles.SummaryJson));
        Assert.All(new[] { AzuriteFixture.AccountKey, secret ?? AzuriteFixture.AccountKey }, key => Assert.DoesNotContain(key, everything, StringComparison.Ordinal));
    }

    private static async Task UploadAsync(BlobContainerClient container, string name, IEnumerable<string> lines)
    {
        using var body = new MemoryStream(Encoding.UTF8.GetBytes(string.Join('\n', lines) + "\n"));
        await container.GetBlobClient(name).UploadAsync(body, overwrite: true);
    }

    private static DateTimeOffset Hour(DateTimeOffset time) => new(time.UtcDateTime.Year, time.UtcDateTime.Month, time.UtcDateTime.Day, time.UtcDateTime.Hour, 0, 0, TimeSpan.Zero);

    private static string HourFolder(DateTimeOffset hour) => string.Create(CultureInfo.InvariantCulture, $"y={hour:yyyy}/m={hour:MM}/d={hour:dd}/h={hour:HH}/m=00/");

    private static string[] Lines(string text) => text.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

    /// <summary>The shared run's folder, the proxy's log of it, and the service.log the run joined from that log.</summary>
    private sealed record LoggedRun(string Folder, string LogPath, ServiceLogSummary Log);
}
