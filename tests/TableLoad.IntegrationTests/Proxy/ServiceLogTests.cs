using System.Globalization;
using System.Text.Json;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement.Service;
using TableLoad.Reporting;
using TableLoad.Storage.ServiceLog;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// The service's request log through the command line: the proxy writes it as a diagnostic setting archives it, a run joins each of its
/// requests with its record by client request id and splits its latency into the service's, the transfer's and the client's shares,
/// and report does the same of a finished folder, from the resource log or the classic Storage Analytics format.
/// </summary>
[Collection(ServiceViewAzuriteCollection.Name)]
public sealed class ServiceLogTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-service-log-").FullName;

    private string LogPath => Path.Combine(_output, "service-log.json");

    private string RunFolder => Path.Combine(_output, "run");

    [Theory]
    [InlineData("sdk", "10", "EntityGroupTransaction")]
    [InlineData("wire", "10", "EntityGroupTransaction")]
    [InlineData("sdk", "none", "InsertEntity")]
    [InlineData("wire", "none", "InsertEntity")]
    public async Task Run_BehindTheProxysLog_JoinsEveryRequest_AndCountsTheProxysOtherRequestsUnjoined(string client, string batchSize, string operationName)
    {
        await using var proxy = await StartProxyAsync("--service-log", LogPath);

        var joined = await RunAsync(proxy.ConnectionString, "--client", client, "--batch-size", batchSize);

        var ids = Requests().Select(r => r["client_request_id"]).ToHashSet();
        var records = Records();
        Assert.Equal(ids.Count, Requests().Count);
        Assert.Equal(ids.Count, joined.Joined);
        Assert.Equal(records.Count, joined.Records);
        // No retry, no read-modify-write: one record a request, and the rest are the run's table calls (its creation).
        Assert.Equal(records.Count(r => !ids.Contains(r.Properties!.ClientRequestId ?? "")), joined.Unjoined);
        Assert.Contains(records, r => r.OperationName == "CreateTable");
        Assert.Equal((0, 0), (joined.Unlogged, joined.Unreadable));
        Assert.Empty(joined.MissingMinutes);
        Assert.All(records.Where(r => ids.Contains(r.Properties!.ClientRequestId ?? "")), r =>
        {
            Assert.Equal((operationName, "Success", "StorageWrite"), (r.OperationName, r.StatusText, r.Category));
            Assert.InRange(r.Properties!.ServerLatencyMs, 0, r.DurationMs);
            Assert.True(r.Properties.RequestBodySize > 0, "a write has a body");
        });
        // Every answer's x-ms-request-id is in batches.csv, and the log names the request by it too.
        var correlations = records.Select(r => r.CorrelationId).ToHashSet();
        Assert.All(Requests(), r => Assert.Contains(r["request_id"], correlations));
    }

    [Fact]
    public async Task Run_WithLatencyOnTheTargetsSide_ShowsItInTheServicesShare()
    {
        // --latency is the emulated service being slow: 200 ms dwarfs the transfer and the client's own time at any machine speed.
        await using var proxy = await StartProxyAsync("--service-log", LogPath, "--latency", "200ms");

        var (joined, stdout) = await RunWithOutputAsync(proxy.ConnectionString, "--client", "wire");

        var shares = joined.SharesMs;
        Assert.InRange(shares.Service.P50, 195, 10_000);
        Assert.True(shares.Service.Mean > shares.Transfer.Mean && shares.Service.Mean > shares.Client.Mean, $"service {shares.Service.Mean}, transfer {shares.Transfer.Mean}, client {shares.Client.Mean}");
        Assert.True(joined.P99RequestsMs.Service > joined.P99RequestsMs.Client, "the p99's requests spent their time in the service");
        Assert.Contains($"of the client's p99 of {joined.P99RequestsMs.ClientP99.ToString("0.#", CultureInfo.InvariantCulture)} ms, the service spent ", stdout, StringComparison.Ordinal);
        Assert.Contains(": the service is the limit", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_OfAClientWithMoreTasksThanItsCoresServe_ShowsItInTheClientsShare()
    {
        // Every batch is throttled: the emulated service answers at once without the target, so the service cannot be where requests queue,
        // and what the client spends building and reading its SDK batches of 100 under .NET's defaults is far more than the proxy spends on them.
        await using var proxy = await ProxyChild.StartAsync(azurite, ["--partition-limit", "1", "--account-limit", "1", "--burst", "10ms", "--service-log", LogPath]);
        // The warm-up holds the first requests' compiling, which would make one task's requests as slow as a queue's.
        string[] slowClient = ["--client", "sdk", "--runtime", "defaults", "--batch-size", "100", "--warmup", "2s"];

        // Side by side, so that both wait alike for a machine the rest of the suite loads; one task's run outlasts the other's, which only speeds it.
        var aloneRun = RunIntoAsync(Path.Combine(_output, "alone"), proxy.ConnectionString, [.. slowClient, "--tasks", "1", "--duration", "4s"]);
        var (crowded, stdout) = await RunIntoAsync(RunFolder, proxy.ConnectionString, [.. slowClient, "--tasks", "128", "--duration", "2s"]);
        var (alone, _) = await aloneRun;

        // 128 tasks on a machine's few cores wait for each other in their process, whatever the machine's speed: one task in its own waits for none.
        var shares = crowded.SharesMs;
        Assert.True(shares.Client.P50 >= 5 * alone.SharesMs.Client.P50, $"the client's p50 share: 128 tasks {shares.Client.P50} ms, 1 task {alone.SharesMs.Client.P50} ms");
        Assert.True(shares.Client.P50 > shares.Service.P50 + shares.Transfer.P50, $"p50: service {shares.Service.P50}, transfer {shares.Transfer.P50}, client {shares.Client.P50}");
        Assert.True(shares.Client.Mean > shares.Service.Mean + shares.Transfer.Mean, $"mean: service {shares.Service.Mean}, transfer {shares.Transfer.Mean}, client {shares.Client.Mean}");
        var tail = crowded.P99RequestsMs;
        Assert.True(tail.Client > tail.Service + tail.Transfer, $"the p99's requests: service {tail.Service}, transfer {tail.Transfer}, client {tail.Client}");
        Assert.All([alone.P99RequestsMs, tail], t => Assert.Equal(t.ClientP99, t.Service + t.Transfer + t.Client, precision: 6));
        Assert.Contains($"of the client's p99 of {tail.ClientP99.ToString("0.#", CultureInfo.InvariantCulture)} ms, the service spent ", stdout, StringComparison.Ordinal);
        Assert.Contains(": the client or its queue is the limit", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Report_OfTheFinishedFolder_GivesTheRunsServiceLog()
    {
        await using var proxy = await StartProxyAsync("--service-log", LogPath);
        var ran = await RunAsync(proxy.ConnectionString, "--client", "wire");

        var reported = await ReportAsync(LogPath);

        Assert.Equal(Json(ran), Json(reported));
    }

    [Fact]
    public async Task Report_ReadsTheClassicStorageAnalyticsFormat_FromAFolderOfItsFiles()
    {
        await using var proxy = await StartProxyAsync();
        await RunAsync(proxy.ConnectionString, "--client", "wire", "--service-log", WriteEmptyLog());
        // The run's own ids, as the service's $logs/table/YYYY/MM/DD/hhmm/NNNNNN.log would hold them: 5 ms in the service, 7 in all.
        var started = new ResultFolder(RunFolder).Run.StartedUtc;
        var minuteFolder = Directory.CreateDirectory(Path.Combine(_output, "logs", "table", started.UtcDateTime.ToString("yyyy/MM/dd/HHmm", CultureInfo.InvariantCulture))).FullName;
        var lines = Requests().Select(r => ClassicLine(started.AddMilliseconds(ResultFolder.Number(r["start_ms"])), r["request_id"], r["client_request_id"]));
        await File.WriteAllLinesAsync(Path.Combine(minuteFolder, "000000.log"), [.. lines, ClassicLine(started, "other-request", "not-a-guid-of-this-run")]);

        var classic = await ReportAsync(Path.Combine(_output, "logs"));

        Assert.Equal((Requests().Count, 1L, 0L), (classic.Joined, classic.Unjoined, classic.Unreadable));
        Assert.Equal(5, classic.SharesMs.Service.P50, precision: 1);
        Assert.Equal(2, classic.SharesMs.Transfer.P50, precision: 1);
    }

    [Fact]
    public async Task Run_WithALogThatDoesNotExist_IsRefusedBeforeAnyRequest() =>
        await RefusedRun.AssertRefusedAsync(
            "--service-log 'no-such-log.json' does not exist: give the file or folder that holds the service's request log.",
            ["--service-log", "no-such-log.json"]);

    [Fact]
    public async Task Report_WithALogThatDoesNotExist_IsRefusedInOneSentence()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["report", _output, "--service-log", "no-such-log.json"], connectionString: null);

        Assert.Equal((2, ""), (exitCode, stdout));
        Assert.Equal("--service-log 'no-such-log.json' does not exist: give the file or folder that holds the service's request log.", stderr.Trim());
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    // Limits no run here reaches: a throttled batch is retried, and its records are then more than one.
    private Task<ProxyChild> StartProxyAsync(params string[] options) =>
        ProxyChild.StartAsync(azurite, ["--partition-limit", "10000000", "--account-limit", "10000000", .. options]);

    internal static string ClassicLine(DateTimeOffset start, string requestId, string clientRequestId) => string.Create(CultureInfo.InvariantCulture,
        $"1.0;{start.UtcDateTime:yyyy-MM-ddTHH:mm:ss.fffffffZ};EntityGroupTransaction;Success;202;7;5;authenticated;devstoreaccount1;devstoreaccount1;table;\"http://127.0.0.1/devstoreaccount1/$batch\";\"/devstoreaccount1/t\";{requestId};0;127.0.0.1:50000;2019-02-02;400;1000;300;500;1000;;;;;;\"TableLoad; test\";;\"{clientRequestId}\"");

    private string WriteEmptyLog()
    {
        var path = Path.Combine(_output, "empty.json");
        File.WriteAllText(path, "");
        return path;
    }

    private IReadOnlyList<IReadOnlyDictionary<string, string>> Requests() => new ResultFolder(RunFolder).Csv(ResultFiles.BatchesCsv);

    private List<ResourceLogRecord> Records() =>
        [.. File.ReadAllLines(LogPath).Where(l => l.Length > 0).Select(l => JsonSerializer.Deserialize(l, ServiceLogJsonContext.Default.ResourceLogRecord)!)];

    private static string Json(ServiceLogSummary summary) => ResultJson.Serialize(summary);

    private async Task<ServiceLogSummary> RunAsync(string connectionString, params string[] options) => (await RunWithOutputAsync(connectionString, options)).Log;

    private Task<(ServiceLogSummary Log, string Stdout)> RunWithOutputAsync(string connectionString, params string[] options) => RunIntoAsync(RunFolder, connectionString, options);

    private async Task<(ServiceLogSummary Log, string Stdout)> RunIntoAsync(string folder, string connectionString, string[] options)
    {
        // Kept, so that no record of its deletion comes after the run's join. Unless the test times it, the run ends after its batches
        // (the joins count, whatever the run's length), with a minute as the cap.
        string[] span = options.Contains("--duration") ? [] : ["--batches", "20", "--duration", "1m"];
        string[] defaults = [.. Unless(options, "--service-log", LogPath), .. span, .. Unless(options, "--warmup", "0s"),
            .. Unless(options, "--tasks", "2"), .. Unless(options, "--batch-size", "10")];
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", .. defaults, "--keep-table", "--output", folder, .. options], connectionString);
        log.WriteLine(stdout + stderr);

        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        return (Assert.IsType<ServiceLogSummary>(new ResultFolder(folder).Summary.Service?.Log), stdout);
    }

    /// <summary>The option with its value, unless the test gave it: the command line refuses an option given twice.</summary>
    private static string[] Unless(string[] options, string option, string value) => options.Contains(option) ? [] : [option, value];

    private async Task<ServiceLogSummary> ReportAsync(string logPath)
    {
        var merged = Path.Combine(_output, "merged");
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["report", RunFolder, "--output", merged, "--service-log", logPath], connectionString: null);
        log.WriteLine(stdout + stderr);

        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        return Assert.IsType<ServiceLogSummary>(new ResultFolder(merged).Summary.Service?.Log);
    }
}
