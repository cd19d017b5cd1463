using System.Globalization;
using System.Net;
using Microsoft.Extensions.Time.Testing;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Proxy;
using TableLoad.Workload;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// The proxy's request-unit budget is per wall-clock second, as Cosmos DB's is: raw batches on the test's clock show that
/// what a second leaves unspent is not carried into the next, so no second admits more than the budget.
/// </summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class RequestUnitSecondsTests(AzuriteFixture azurite)
{
    private static readonly EntityTemplate Template = EntityTemplate.Create(entitySize: 1024, properties: 8);
    private static readonly DateTimeOffset SecondStart = new(2026, 11, 24, 12, 0, 0, TimeSpan.Zero);

    [Fact]
    public async Task HalfASecondLater_WhatTheSecondHasLeftIsAllThereIs_AndTheNextSecondStartsWithTheWholeBudget()
    {
        var time = new FakeTimeProvider(SecondStart);
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { RequestUnits = 100, Cosmos = true }, time);
        using var client = proxy.Client();
        var table = StoredEntities.NewTableName("ruseconds");
        Assert.True(await client.CreateTableAsync(table, CancellationToken.None));
        using var http = new HttpClient();

        using var first = await RawTableRequests.SendBatchAsync(http, client, Template, table, "p", 10);
        var charge = double.Parse(RawTableRequests.Header(first, ChargeHeader.Name)!, CultureInfo.InvariantCulture);
        Assert.Equal(HttpStatusCode.Accepted, first.StatusCode);
        Assert.InRange(charge, 51, 99); // two batches do not fit one second's 100 RU

        // A bucket refilled continuously would hold 100 - charge + 50 by now, enough for the batch: the second holds 100 - charge.
        time.Advance(TimeSpan.FromMilliseconds(500));
        using var refused = await RawTableRequests.SendBatchAsync(http, client, Template, table, "p", 10);
        Assert.Equal((HttpStatusCode)429, refused.StatusCode);
        Assert.Equal("500", RawTableRequests.Header(refused, ThrottleAnswer.RetryAfterHeader));

        time.Advance(TimeSpan.FromMilliseconds(499));
        using var early = await RawTableRequests.SendBatchAsync(http, client, Template, table, "p", 10);
        Assert.Equal((HttpStatusCode)429, early.StatusCode);
        time.Advance(TimeSpan.FromMilliseconds(1));
        using var next = await RawTableRequests.SendBatchAsync(http, client, Template, table, "p", 10);
        Assert.Equal(HttpStatusCode.Accepted, next.StatusCode);

        var stats = proxy.Stats;
        Assert.Equal(charge, stats.RequestUnitsPeakSecond);
        Assert.Equal(2 * charge, stats.RequestUnitsCharged, precision: 6);
        Assert.Equal(2, stats.ThrottledByLimit.RequestUnits);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task AWriteAboveTheBudget_IsAdmittedIntoAnEmptySecond_AndItsExcessIsSpentFromTheSecondsAfterIt()
    {
        var time = new FakeTimeProvider(SecondStart);
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { RequestUnits = 40, Cosmos = true }, time);
        using var client = proxy.Client();
        var table = StoredEntities.NewTableName("ruseconds");
        Assert.True(await client.CreateTableAsync(table, CancellationToken.None));
        using var http = new HttpClient();

        // Ten entities cost more than 40 RU and less than 80: one second's excess, under a whole second's budget.
        using var large = await RawTableRequests.SendBatchAsync(http, client, Template, table, "p", 10);
        Assert.Equal(HttpStatusCode.Accepted, large.StatusCode);
        var charge = double.Parse(RawTableRequests.Header(large, ChargeHeader.Name)!, CultureInfo.InvariantCulture);
        Assert.InRange(charge, 41, 79);

        // The next second starts with the excess (charge - 40) spent, and a write above the budget waits for a second that has spent nothing.
        time.Advance(TimeSpan.FromSeconds(1));
        using var again = await RawTableRequests.SendBatchAsync(http, client, Template, table, "p", 10);
        Assert.Equal((HttpStatusCode)429, again.StatusCode);
        Assert.Equal("1000", RawTableRequests.Header(again, ThrottleAnswer.RetryAfterHeader));
        time.Advance(TimeSpan.FromSeconds(1));
        using var later = await RawTableRequests.SendBatchAsync(http, client, Template, table, "p", 10);
        Assert.Equal(HttpStatusCode.Accepted, later.StatusCode);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }
}
