using System.Text.Json;
using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Service.Log;
using TableLoad.Storage.ServiceLog;

namespace TableLoad.Tests.Service.Log;

public sealed class RequestLogJoinTests : IDisposable
{
    private static readonly DateTimeOffset Started = new(2026, 12, 7, 10, 0, 0, TimeSpan.Zero);
    private readonly string _folder = Directory.CreateTempSubdirectory("tableload-join-test-").FullName;

    private string LogPath => Path.Combine(_folder, "log.json");

    [Fact]
    public void Join_SpilledToBuckets_GivesWhatTheInMemoryJoinGives()
    {
        Write(requests: 300);

        var inMemory = new RequestLogJoin().Join([(_folder, Started)], new LogFileLines(LogPath));
        var spilled = new RequestLogJoin(bucketBytes: 4096).Join([(_folder, Started)], new LogFileLines(LogPath));

        Assert.Equal(ResultJson.Serialize(inMemory), ResultJson.Serialize(spilled));
        Assert.Equal((300L, 301L, 1L), (inMemory.Joined, inMemory.Records, inMemory.Unjoined));
    }

    [Fact]
    public void Join_ARequestsRecords_AreSummed_AndItsLatencySplitInThree()
    {
        // The first request was attempted twice: two records, 3 + 4 ms in the service, 5 + 6 ms in all; the client waited 20 ms.
        Write(requests: 1, latencyMs: 20, retried: true);

        var joined = new RequestLogJoin().Join([(_folder, Started)], new LogFileLines(LogPath));

        Assert.Equal((1L, 3L), (joined.Joined, joined.Records));
        // Percentiles to the histograms' three significant digits.
        Assert.Equal((7, 4, 9), (Math.Round(joined.SharesMs.Service.P50, 1), Math.Round(joined.SharesMs.Transfer.P50, 1), Math.Round(joined.SharesMs.Client.P50, 1)));
        var tail = joined.P99RequestsMs;
        Assert.Equal((1L, 7.0, 4.0, 9.0), (tail.Requests, Math.Round(tail.Service, 1), Math.Round(tail.Transfer, 1), Math.Round(tail.Client, 1)));
    }

    [Fact]
    public void Join_ATailFarSlowerThanItsP99_SplitsThePercentileItself_InTheTailsProportions()
    {
        // 99 requests of 20 ms and one of 2 s, each 4 ms in the service and 2 in the transfer: the requests at or above the p99 of 20 ms average far more.
        Write(requests: 100, latencyMs: 20, lastLatencyMs: 2000);

        var tail = new RequestLogJoin().Join([(_folder, Started)], new LogFileLines(LogPath)).P99RequestsMs;

        Assert.Equal(20, tail.ClientP99, precision: 0);
        Assert.Equal(tail.ClientP99, tail.Service + tail.Transfer + tail.Client, precision: 6);
        Assert.Equal(2 * tail.Transfer, tail.Service, precision: 6);
    }

    [Fact]
    public void Join_ALogWithoutTheRunsMinute_NamesIt()
    {
        Write(requests: 1, logMinute: Started.AddHours(1));

        var joined = new RequestLogJoin().Join([(_folder, Started)], new LogFileLines(LogPath));

        Assert.Equal(["2026-12-07T10:00Z"], joined.MissingMinutes);
        Assert.Contains("holds no record of 1 minute(s)", Assert.Single(ServiceLogLines.Warnings(joined)), StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private void Write(int requests, double latencyMs = 20, bool retried = false, DateTimeOffset? logMinute = null, double? lastLatencyMs = null)
    {
        var ids = Enumerable.Range(0, requests).Select(_ => Guid.NewGuid().ToString()).ToList();
        long LatencyMicros(int i) => (long)((i == requests - 1 ? lastLatencyMs ?? latencyMs : latencyMs) * 1000) + i;
        File.WriteAllLines(Path.Combine(_folder, ResultFiles.BatchesCsv), [BatchLogSink.Header, .. ids.Select((id, i) => BatchLogSink.Format(new BatchRecord(0, 0, "p", i * 1000, LatencyMicros(i), 10,
            new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1) { ClientRequestId = id }, Warmup: false)))]);
        var time = logMinute ?? Started;
        var records = ids.Select(id => Line(id, time, 4, 6)).ToList();
        if (retried)
        {
            records.Add(Line(ids[0], time, 3, 5));
        }

        records.Add(Line(null, time, 1, 1));
        File.WriteAllLines(LogPath, records);
    }

    private static string Line(string? clientRequestId, DateTimeOffset time, double serverMs, double durationMs) => JsonSerializer.Serialize(
        new ResourceLogRecord { Time = time, OperationName = "EntityGroupTransaction", StatusCode = 202, DurationMs = durationMs, Properties = new() { ClientRequestId = clientRequestId, ServerLatencyMs = serverMs } },
        ServiceLogJsonContext.Default.ResourceLogRecord);
}
