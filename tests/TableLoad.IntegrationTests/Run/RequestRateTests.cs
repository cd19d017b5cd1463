using System.Globalization;
using System.Text.Json.Nodes;
using TableLoad.IntegrationTests.Infrastructure;

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

    private static string[] Cells(string line) => line.Trim().Trim('|').Split('|').Select(c => c.Trim()).ToArray();

    private static string Fixed(double value, int decimals) => value.ToString("F" + decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
