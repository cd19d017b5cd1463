using System.Text.Json;
using TableLoad.Proxy;
using TableLoad.Proxy.Metrics;
using TableLoad.Storage.Monitor;

namespace TableLoad.Tests.Proxy;

public sealed class ProxyStatsTests
{
    [Fact]
    public void ToJson_IsOneSnakeCaseLineWithEveryCounter()
    {
        var counters = new ProxyCounters(seed: 42);
        counters.Received(RequestKind.Batch);
        counters.Received(RequestKind.SingleWrite);
        counters.Received(RequestKind.Other);
        counters.Received(RequestKind.PointRead);
        counters.Received(RequestKind.Query);
        counters.Received(RequestKind.SingleDelete);
        counters.Forwarded(100);
        counters.Forwarded(98, 2);
        counters.PointReadAnswered(200);
        counters.PointReadAnswered(404);
        counters.PointReadAnswered(403);
        counters.QueryAnswered(7);
        counters.PreconditionFailed();
        counters.Charged(RequestKind.Query, 8);
        counters.Charged(RequestKind.SingleDelete, 4.95);
        counters.Throttled(ThrottleCode.ServerBusy, ThrottledBy.Partition, 100);
        counters.Throttled(ThrottleCode.OperationTimedOut, ThrottledBy.Account, 100);
        counters.Throttled(ThrottleCode.TooManyRequests, ThrottledBy.Partition, 1);
        counters.Reset();
        counters.LostAnswer(100);
        counters.DelayedAnswer();
        counters.AddedLatency(TimeSpan.FromMilliseconds(12.5));

        var json = counters.Snapshot().ToJson();

        Assert.DoesNotContain('\n', json);
        using var document = JsonDocument.Parse(json);
        var root = document.RootElement;
        Assert.Equal(6, root.GetProperty("requests").GetInt64());
        Assert.Equal(1, root.GetProperty("point_reads").GetInt64());
        Assert.Equal(1, root.GetProperty("queries").GetInt64());
        Assert.Equal(1, root.GetProperty("single_deletes").GetInt64());
        Assert.Equal(1, root.GetProperty("point_reads_found").GetInt64());
        Assert.Equal(1, root.GetProperty("point_reads_not_found").GetInt64());
        Assert.Equal(7, root.GetProperty("query_entities").GetInt64());
        Assert.Equal(2, root.GetProperty("deletes_forwarded").GetInt64());
        Assert.Equal(1, root.GetProperty("precondition_failed").GetInt64());
        Assert.Equal(12.95, root.GetProperty("request_units_charged").GetDouble());
        Assert.Equal(8, root.GetProperty("request_units_by_request").GetProperty("queries").GetDouble());
        Assert.Equal(4.95, root.GetProperty("request_units_by_request").GetProperty("single_deletes").GetDouble());
        Assert.Equal(0, root.GetProperty("request_units_by_request").GetProperty("batches").GetDouble());
        Assert.Equal(1, root.GetProperty("batches").GetInt64());
        Assert.Equal(1, root.GetProperty("single_writes").GetInt64());
        Assert.Equal(1, root.GetProperty("passed_through").GetInt64());
        Assert.Equal(2, root.GetProperty("forwarded").GetInt64());
        Assert.Equal(198, root.GetProperty("entities_forwarded").GetInt64());
        Assert.Equal(1, root.GetProperty("throttled").GetProperty("server_busy").GetInt64());
        Assert.Equal(1, root.GetProperty("throttled").GetProperty("operation_timed_out").GetInt64());
        Assert.Equal(1, root.GetProperty("throttled").GetProperty("too_many_requests").GetInt64());
        Assert.Equal(201, root.GetProperty("throttled_entities").GetInt64());
        Assert.Equal(2, root.GetProperty("throttled_by_limit").GetProperty("partition").GetInt64());
        Assert.Equal(1, root.GetProperty("throttled_by_limit").GetProperty("account").GetInt64());
        Assert.Equal(1, root.GetProperty("resets").GetInt64());
        Assert.Equal(1, root.GetProperty("lost_answers").GetInt64());
        Assert.Equal(100, root.GetProperty("lost_answer_entities").GetInt64());
        Assert.Equal(1, root.GetProperty("delayed_answers").GetInt64());
        Assert.Equal(12.5, root.GetProperty("added_latency_ms").GetDouble());
        Assert.Equal(0, root.GetProperty("target_failures").GetInt64());
        Assert.Equal(42, root.GetProperty("seed").GetInt32());
    }

    [Fact]
    public void FromJson_ReadsWhatToJsonWrote()
    {
        var service = new ServiceMetricsRecorder(TimeProvider.System);
        var cosmos = new CosmosMetricsRecorder(service, new PartitionKeyRanges(1), 400);
        var counters = new ProxyCounters(seed: 1, service, cosmos);
        counters.Received(RequestKind.Batch);
        cosmos.Record(new DateTimeOffset(2026, 12, 7, 10, 0, 30, TimeSpan.Zero), "devstoreaccount1/table/p", 429, "Batch", (0, 0));
        counters.Throttled(ThrottleCode.ServerBusy, ThrottledBy.Partition, 100);
        counters.Service.Record(new DateTimeOffset(2026, 12, 7, 10, 0, 30, TimeSpan.Zero), ResponseType.ServerBusyError, "EntityGroupTransaction", 100, 200, TimeSpan.Zero, TimeSpan.FromMilliseconds(1));
        var stats = counters.Snapshot();

        var read = ProxyStats.FromJson(stats.ToJson())!;

        // Dictionaries compare by reference in a record: the service's transactions and requests are compared apart, by their contents.
        Assert.Equal(stats with { ServiceTransactions = read.ServiceTransactions, CosmosRequests = read.CosmosRequests }, read);
        Assert.Equal(stats.ServiceTransactions, read.ServiceTransactions);
        Assert.Equal(stats.CosmosRequests, read.CosmosRequests);
        Assert.Equal(1, read.CosmosRequests["2026-12-07T10:00:00Z"]["429"]);
        Assert.Equal(1, read.ServiceTransactions["2026-12-07T10:00:00Z"]["ServerBusyError"]);
    }
}
