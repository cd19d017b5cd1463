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
        await using var account = await Account.StartAsync(azurite, 100, time);

        using var first = await account.SendAsync();
        var charge = double.Parse(RawTableRequests.Header(first, ChargeHeader.Name)!, CultureInfo.InvariantCulture);
        Assert.Equal(HttpStatusCode.Accepted, first.StatusCode);
        Assert.InRange(charge, 51, 99); // two batches do not fit one second's 100 RU

        // A bucket refilled continuously would hold 100 - charge + 50 by now, enough for the batch: the second holds 100 - charge.
        time.Advance(TimeSpan.FromMilliseconds(500));
        using var refused = await account.SendAsync();
        Assert.Equal((HttpStatusCode)429, refused.StatusCode);
        Assert.Equal("500", RawTableRequests.Header(refused, ThrottleAnswer.RetryAfterHeader));

        time.Advance(TimeSpan.FromMilliseconds(499));
        using var early = await account.SendAsync();
        Assert.Equal((HttpStatusCode)429, early.StatusCode);
        time.Advance(TimeSpan.FromMilliseconds(1));
        using var next = await account.SendAsync();
        Assert.Equal(HttpStatusCode.Accepted, next.StatusCode);

        var stats = account.Proxy.Stats;
        Assert.Equal(charge, stats.RequestUnitsPeakSecond);
        Assert.Equal(2 * charge, stats.RequestUnitsCharged, precision: 6);
        Assert.Equal(2, stats.ThrottledByLimit.RequestUnits);
    }

    [Fact]
    public async Task AWriteAboveTheBudget_IsAdmittedIntoAnEmptySecond_AndItsExcessIsSpentFromTheSecondsAfterIt()
    {
        var time = new FakeTimeProvider(SecondStart);
        await using var account = await Account.StartAsync(azurite, 40, time);

        // Ten entities cost more than 40 RU and less than 80: one second's excess, under a whole second's budget.
        using var large = await account.SendAsync();
        Assert.Equal(HttpStatusCode.Accepted, large.StatusCode);
        var charge = double.Parse(RawTableRequests.Header(large, ChargeHeader.Name)!, CultureInfo.InvariantCulture);
        Assert.InRange(charge, 41, 79);

        // The next second starts with the excess (charge - 40) spent, and a write above the budget waits for a second that has spent nothing.
        time.Advance(TimeSpan.FromSeconds(1));
        using var again = await account.SendAsync();
        Assert.Equal((HttpStatusCode)429, again.StatusCode);
        Assert.Equal("1000", RawTableRequests.Header(again, ThrottleAnswer.RetryAfterHeader));
        time.Advance(TimeSpan.FromSeconds(1));
        using var later = await account.SendAsync();
        Assert.Equal(HttpStatusCode.Accepted, later.StatusCode);
    }

    /// <summary>A Cosmos-mode proxy on the test's clock with a table of its own, and batches of ten entities sent to it.</summary>
    private sealed class Account(InProcessProxy proxy, TableTestClient client, string table) : IAsyncDisposable
    {
        private readonly HttpClient _http = new();

        public InProcessProxy Proxy => proxy;

        public static async Task<Account> StartAsync(AzuriteFixture azurite, double requestUnits, TimeProvider time)
        {
            var proxy = await InProcessProxy.StartAsync(azurite, s => s with { RequestUnits = requestUnits, Cosmos = true }, time);
            var client = proxy.Client();
            var table = StoredEntities.NewTableName("ruseconds");
            Assert.True(await client.CreateTableAsync(table, CancellationToken.None));
            return new Account(proxy, client, table);
        }

        public Task<HttpResponseMessage> SendAsync() => RawTableRequests.SendBatchAsync(_http, client, Template, table, "p", 10);

        public async ValueTask DisposeAsync()
        {
            await client.DeleteTableAsync(table, CancellationToken.None);
            client.Dispose();
            _http.Dispose();
            await proxy.DisposeAsync();
        }
    }
}
