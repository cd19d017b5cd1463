using System.Globalization;
using System.Text;
using System.Text.Json;
using Azure;
using Azure.Data.Tables;
using Microsoft.Extensions.Time.Testing;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Proxy;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// Point reads, query pages and deletes sent with the Azure SDK's TableClient through the proxy in front of Azurite:
/// the proxy counts what the test sent, its partition limit throttles reads, and its Cosmos mode charges them by the model.
/// </summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class ReadsQueriesDeletesTests(AzuriteFixture azurite)
{
    [Fact]
    public async Task ReadsQueriesDeletesAndConditionalReplaces_AreCountedAsTheClientSentThem()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);
        var table = Through(proxy, StoredEntities.NewTableName("reads"));
        await table.CreateAsync();
        await table.SubmitTransactionAsync(Enumerable.Range(0, 5).Select(i => new TableTransactionAction(TableTransactionActionType.Add, new TableEntity("p", $"r{i}") { ["n"] = i })));

        foreach (var key in new[] { "r0", "r1", "r2", "missing1", "missing2" })
        {
            await table.GetEntityIfExistsAsync<TableEntity>("p", key);
        }

        var (pages, returned) = (0, 0);
        await foreach (var page in table.QueryAsync<TableEntity>("PartitionKey eq 'p'", maxPerPage: 2).AsPages())
        {
            pages++;
            returned += page.Values.Count;
        }

        await table.SubmitTransactionAsync([new(TableTransactionActionType.Delete, new TableEntity("p", "r0"), ETag.All), new(TableTransactionActionType.Delete, new TableEntity("p", "r1"), ETag.All)]);
        await table.DeleteEntityAsync("p", "r2");
        var read = (await table.GetEntityAsync<TableEntity>("p", "r3")).Value;
        await table.UpdateEntityAsync(read, read.ETag, TableUpdateMode.Replace);
        var conflict = await Assert.ThrowsAsync<RequestFailedException>(() => table.UpdateEntityAsync(read, read.ETag, TableUpdateMode.Replace));
        await table.DeleteAsync();

        Assert.Equal(412, conflict.Status);
        Assert.True(pages >= 2, $"a page size of 2 over 5 entities should take several pages, not {pages}");
        Assert.Equal(5, returned);
        var stats = proxy.Stats;
        Assert.Equal(2, stats.Batches);
        Assert.Equal(2, stats.SingleWrites);
        Assert.Equal(6, stats.PointReads);
        Assert.Equal(4, stats.PointReadsFound);
        Assert.Equal(2, stats.PointReadsNotFound);
        Assert.Equal(pages, stats.Queries);
        Assert.Equal(5, stats.QueryEntities);
        Assert.Equal(1, stats.SingleDeletes);
        Assert.Equal(3, stats.DeletesForwarded);
        Assert.Equal(1, stats.PreconditionFailed);
        Assert.Equal(5 + 2, stats.EntitiesForwarded); // the batch's inserts and the two replaces; its deletes are counted apart
        Assert.Equal(2, stats.PassedThrough); // the table's creation and deletion
        Assert.Equal(stats.Batches + stats.SingleWrites + stats.PointReads + stats.Queries + stats.SingleDeletes + stats.PassedThrough, stats.Requests);
        Assert.Equal(stats.Requests, stats.Forwarded);
    }

    [Fact]
    public async Task PartitionLimit_ThrottlesPointReads_AndAQueryTakesWhatItReturned()
    {
        // One entity a second with a second's burst, on the test's clock: the bucket holds one read and refills only when the test says.
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 11, 27, 12, 0, 0, TimeSpan.Zero));
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1 }, time);
        var name = StoredEntities.NewTableName("readlimit");
        var direct = new TableClient(azurite.ConnectionString, name);
        await direct.CreateAsync();
        await direct.SubmitTransactionAsync(new[] { "a", "b", "c" }.Select(k => new TableTransactionAction(TableTransactionActionType.Add, new TableEntity("hot", k))));
        await direct.SubmitTransactionAsync(new[] { "a", "b", "c" }.Select(k => new TableTransactionAction(TableTransactionActionType.Add, new TableEntity("q", k))));
        var table = Through(proxy, name);

        var hot = new List<int>();
        for (var i = 0; i < 4; i++)
        {
            hot.Add(await ReadStatusAsync(table, "hot", "a"));
        }

        var page = await table.QueryAsync<TableEntity>("PartitionKey eq 'q'", maxPerPage: 10).AsPages().FirstAsync();
        var afterQuery = await ReadStatusAsync(table, "q", "a");
        time.Advance(TimeSpan.FromSeconds(2)); // the query's 3 entities left "q" at -2: two seconds bring it back to 0, still short of a read
        var stillShort = await ReadStatusAsync(table, "q", "a");
        time.Advance(TimeSpan.FromSeconds(1));
        var refilled = await ReadStatusAsync(table, "q", "a");
        await direct.DeleteAsync();

        Assert.Equal([200, 503, 503, 503], hot);
        Assert.Equal(3, page.Values.Count);
        Assert.Equal([503, 503, 200], new[] { afterQuery, stillShort, refilled });
        var stats = proxy.Stats;
        Assert.Equal(7, stats.PointReads);
        Assert.Equal(2, stats.PointReadsFound);
        Assert.Equal(5, stats.Throttled.ServerBusy);
        Assert.Equal(5, stats.ThrottledByLimit.Partition);
        Assert.Equal(5, stats.ThrottledEntities);
        Assert.Equal(stats.PointReads, stats.PointReadsFound + stats.PointReadsNotFound + stats.Throttled.Total);
        Assert.Equal(1, stats.Queries);
        Assert.Equal(3, stats.QueryEntities);
    }

    [Fact]
    public async Task CosmosMode_ChargesAPointReadByItsSize_AQueryPagePerEntity_AndADeleteAsTheSmallestWrite()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { RequestUnits = 1e6, Cosmos = true });
        var table = Through(proxy, StoredEntities.NewTableName("rucharge"));
        await table.CreateAsync();
        await table.SubmitTransactionAsync(
        [
            new(TableTransactionActionType.Add, new TableEntity("p", "big") { ["Data"] = new string('x', 20 * 1024) }),
            new(TableTransactionActionType.Add, new TableEntity("p", "s1") { ["n"] = 1 }),
            new(TableTransactionActionType.Add, new TableEntity("p", "s2") { ["n"] = 2 }),
        ]);
        var writes = proxy.Stats.RequestUnitsCharged;

        var big = (await table.GetEntityAsync<TableEntity>("p", "big")).GetRawResponse();
        var missing = (await table.GetEntityIfExistsAsync<TableEntity>("p", "none")).GetRawResponse();
        var pageCharges = new List<(double Charged, double Expected)>();
        await foreach (var page in table.QueryAsync<TableEntity>("PartitionKey eq 'p'", maxPerPage: 2).AsPages())
        {
            var raw = page.GetRawResponse();
            pageCharges.Add((Charge(raw), Round(1 + EntitiesOf(raw).Sum(e => PointRead(Encoding.UTF8.GetByteCount(e))))));
        }

        var single = await table.DeleteEntityAsync("p", "s1");
        var batch = await table.SubmitTransactionAsync([new(TableTransactionActionType.Delete, new TableEntity("p", "s2"), ETag.All), new(TableTransactionActionType.Delete, new TableEntity("p", "big"), ETag.All)]);
        await table.DeleteAsync();

        Assert.Equal(Round(PointRead(big.Content.ToArray().Length)), Charge(big));
        Assert.True(Charge(big) > 1.1, $"a 20 KB entity's read should cost more than a small one's, not {Charge(big)}");
        Assert.Equal(1.00, Charge(missing));
        Assert.True(pageCharges.Count >= 2, "three entities in pages of two");
        Assert.All(pageCharges, p => Assert.Equal(p.Expected, p.Charged));
        Assert.Equal(4.95, Charge(single));
        Assert.Equal(9.90, Charge(batch.GetRawResponse()));
        var stats = proxy.Stats;
        Assert.Equal(Charge(big) + Charge(missing), stats.RequestUnitsByRequest.PointReads, precision: 6);
        Assert.Equal(pageCharges.Sum(p => p.Charged), stats.RequestUnitsByRequest.Queries, precision: 6);
        Assert.Equal(4.95, stats.RequestUnitsByRequest.SingleDeletes, precision: 6);
        Assert.Equal(writes + 9.90, stats.RequestUnitsByRequest.Batches, precision: 6);
        Assert.Equal(stats.RequestUnitsCharged, writes + 9.90 + 4.95 + stats.RequestUnitsByRequest.PointReads + stats.RequestUnitsByRequest.Queries, precision: 6);
    }

    [Fact]
    public async Task QueriesAClientInterleaves_DoNotShiftWhichWritesGetAFault()
    {
        var alone = await ResetWritesAsync(interleaveQueries: false);
        var interleaved = await ResetWritesAsync(interleaveQueries: true);

        Assert.Equal(alone.Writes, interleaved.Writes);
        Assert.Contains(true, alone.Writes);
        Assert.Contains(false, alone.Writes);
        // With --read-faults the queries draw resets of their own, from their own stream.
        Assert.True(interleaved.Resets > alone.Resets, $"{interleaved.Resets} resets with queries, {alone.Resets} without");
    }

    /// <summary>Which of 16 single inserts a proxy resetting half the requests (reads too) resets, with or without a query before each.</summary>
    private async Task<(bool[] Writes, long Resets)> ResetWritesAsync(bool interleaveQueries)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { ResetRate = 0.5, ReadFaults = true, Seed = 17 });
        var name = StoredEntities.NewTableName("dice");
        var direct = new TableClient(azurite.ConnectionString, name);
        await direct.CreateAsync();
        var table = Through(proxy, name);
        var reset = new bool[16];
        for (var i = 0; i < reset.Length; i++)
        {
            if (interleaveQueries)
            {
                await FailsAsync(() => table.QueryAsync<TableEntity>("PartitionKey eq 'p'", maxPerPage: 1).AsPages().FirstAsync().AsTask());
            }

            reset[i] = await FailsAsync(() => table.AddEntityAsync(new TableEntity("p", $"r{i:00}")));
        }

        await direct.DeleteAsync();
        return (reset, proxy.Stats.Resets);
    }

    private static async Task<bool> FailsAsync(Func<Task> call)
    {
        try
        {
            await call();
            return false;
        }
        catch (RequestFailedException ex) when (ex.Status == 0)
        {
            return true; // the connection was reset: no answer
        }
    }

    private static async Task<int> ReadStatusAsync(TableClient table, string partitionKey, string rowKey)
    {
        try
        {
            return (await table.GetEntityIfExistsAsync<TableEntity>(partitionKey, rowKey)).GetRawResponse().Status;
        }
        catch (RequestFailedException ex)
        {
            return ex.Status;
        }
    }

    /// <summary>A client of the table through the proxy that never retries, so that every request it makes is one the test counts.</summary>
    private static TableClient Through(InProcessProxy proxy, string table)
    {
        var options = new TableClientOptions();
        options.Retry.MaxRetries = 0;
        return new TableClient(proxy.ConnectionString, table, options);
    }

    private static double Charge(Response response) =>
        response.Headers.TryGetValue(ChargeHeader.Name, out var value) ? double.Parse(value!, CultureInfo.InvariantCulture) : double.NaN;

    // The model docs/cosmos.md states, computed here on its own: 1 RU up to 1 KB, then linear to 10 RU at 100 KB.
    private static double PointRead(long bytes) => Math.Max(1, 1 + (9 * ((bytes / 1024.0) - 1) / 99));

    private static double Round(double charge) => Math.Round(charge, 2, MidpointRounding.AwayFromZero);

    private static IEnumerable<string> EntitiesOf(Response page)
    {
        using var document = JsonDocument.Parse(page.Content.ToMemory());
        return [.. document.RootElement.GetProperty("value").EnumerateArray().Select(e => e.GetRawText())];
    }
}
