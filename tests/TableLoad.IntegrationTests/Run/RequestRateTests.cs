using System.Globalization;
using System.Text.Json.Nodes;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Run;

/// <summary>Requests per second, the unit of k6's arrival rate and YCSB's -target, beside entities per second in every output of a run.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class RequestRateTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-request-rate-").FullName;

    [Fact]
    public async Task AMixsRequestsPerSecond_AreItsRequestsOverTheMeasuredTime_InSummaryJson_TheRunLine_AndEachOperationsRow()
    {
        // A budget of requests: the counts hold at any machine speed, and the rate is judged against them, not against a clock.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--mix", "read:80,upsert-replace:20", "--batch-size", "10", "--key-space", "20", "--preload", "--tasks", "2", "--batches", "60",
             "--warmup", "0s", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = JsonNode.Parse(await File.ReadAllTextAsync(Path.Combine(_output, "summary.json")))!;
        var seconds = (double)summary["measured_seconds"]!;
        var requests = summary["outcomes"]!.AsObject().Sum(o => (long)o.Value!);
        Assert.Equal(60, requests);
        Assert.Equal(requests / seconds, (double)summary["mean_requests_per_second"]!, 6);
        Assert.Contains($"mean req/s: {Fixed(requests / seconds, 1)}", stdout, StringComparison.Ordinal);

        var header = Cells(stdout.Split('\n').First(l => l.StartsWith("| processes", StringComparison.Ordinal)));
        var column = Array.IndexOf(header, "mean req/s");
        Assert.True(column > 0, "the table has a mean req/s column");
        foreach (var (name, figures) in summary["operations"]!.AsObject())
        {
            var operationRequests = (long)figures!["requests"]!;
            Assert.Equal(operationRequests / seconds, (double)figures["mean_requests_per_second"]!, 6);
            var row = Cells(stdout.Split('\n').Where(l => l.StartsWith('|')).Single(l => Cells(l)[0] == name));
            Assert.Equal(Fixed(operationRequests / seconds, 0), row[column]);
        }
    }

    [Fact]
    public async Task ARateInRequestsPerSecond_IsThatManyTimesTheEntitiesPerRequest_ScheduledAtThatManyRequests_AndRepeatsAsGiven()
    {
        // 2.8 entities a request (80% reads of one, 20% batches of 10): 50rps is 140 e/s, each of 2 tasks due every 40 ms, 20 ms apart.
        string[] load = ["--mix", "read:80,upsert-replace:20", "--batch-size", "10", "--key-space", "20", "--preload", "--tasks", "2", "--rate", "50rps"];
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", .. load, "--batches", "30", "--duration", "60s", "--warmup", "0s", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        AssertRecordedAt50RequestsPerSecond(_output);
        Assert.Contains(", rate 50 req/s (140 e/s), ", stdout, StringComparison.Ordinal);
        Assert.Contains("open model at 50 req/s (140 e/s): ", stdout, StringComparison.Ordinal);
        // The open model's intended sends, whatever the machine's speed: each task's every 2 / 50 s, the second task half an interval after the first.
        var intended = new ResultFolder(_output).Csv(ResultFiles.BatchesCsv)
            .GroupBy(b => b["task"]).OrderBy(t => t.Key, StringComparer.Ordinal)
            .Select(t => t.Select(b => ResultFolder.Number(b["intended_start_ms"])).Order().ToList()).ToList();
        Assert.Equal(2, intended.Count);
        Assert.All(intended, task => Assert.All(task.Zip(task.Skip(1), (a, b) => b - a), gap => Assert.Equal(40, gap, 2)));
        Assert.Equal(20, intended[1][0] - intended[0][0], 2);

        // --config run.json repeats the rate as given, in requests per second.
        var repeat = Path.Combine(_output, "repeat");
        (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--config", Path.Combine(_output, ResultFiles.RunJson), "--batches", "10", "--output", repeat, "--quiet"], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        AssertRecordedAt50RequestsPerSecond(repeat);
    }

    [Theory]
    [InlineData("2000rpm", "--rate '2000rpm' is not a rate such as 5600 or 5600eps (entities per second) or 2000rps (requests per second); see 'tableload run --help'.")]
    [InlineData("0rps", "--rate must be greater than 0 and at most 1000000000 requests per second, not 0rps.")]
    [InlineData("20000000rps", "--rate 20000000rps is 2000000000 entities per second at 100 entities a request; a rate is at most 1000000000 entities per second.")]
    public Task ARefusedRate_IsOneSentence_BeforeAnyRequest(string rate, string sentence) =>
        RefusedRun.AssertRefusedAsync(sentence, ["--rate", rate]);

    [Fact]
    public Task AStageInAnotherUnitThanTheRate_IsRefused_BeforeAnyRequest() =>
        RefusedRun.AssertRefusedAsync(
            "--stages' stage 2 '1s:500eps' is in entities per second, but --rate 100rps is in requests per second: a plan's targets are in --rate's unit.",
            ["--rate", "100rps", "--stages", "1s:200,1s:500eps"], duration: null);

    private static void AssertRecordedAt50RequestsPerSecond(string folder)
    {
        var options = JsonNode.Parse(File.ReadAllText(Path.Combine(folder, ResultFiles.RunJson)))!["options"]!;
        var summary = JsonNode.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")))!;
        Assert.Equal("50rps", (string)options["rate"]!);
        Assert.Equal(50 * 2.8, (double)summary["rate"]!, 9);
        Assert.Equal(50, (double)summary["request_rate"]!, 9);
        Assert.True((bool)summary["target_in_requests_per_second"]!);
    }

    private static string[] Cells(string line) => line.Trim().Trim('|').Split('|').Select(c => c.Trim()).ToArray();

    private static string Fixed(double value, int decimals) => value.ToString("F" + decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
