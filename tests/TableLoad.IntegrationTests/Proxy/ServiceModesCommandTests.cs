using System.Globalization;
using System.Net;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Proxy;
using TableLoad.Workload;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// <c>tableload proxy</c> started as a user starts it, in front of Azurite, speaking each service: Azure Storage's
/// 503 messages naming the limit that binds, and the Cosmos DB emulation's charges and 429s.
/// </summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class ServiceModesCommandTests(AzuriteFixture azurite)
{
    private const int Entities = 10;
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);
    private static readonly EntityTemplate Template = EntityTemplate.Create(entitySize: 1024, properties: 8);

    [Theory]
    [InlineData("--partition-limit", "15", "p1", "The server is busy.")]
    [InlineData("--account-limit", "15", "p2", "Operations per second is over the account limit.")]
    [InlineData("--account-ingress-limit", "1000", "p2", "Ingress is over the account limit.")]
    [InlineData("--account-egress-limit", "100", "p2", "Egress is over the account limit.")]
    public async Task StorageMode_EachLimit_Answers503WithTheServicesMessageForIt_AndCountsItsRefusal(string option, string value, string secondPartition, string message)
    {
        // The first batch takes the whole bucket and more (it is admitted into a full one); the second, at once after it, is over the limit.
        await using var proxy = await StartAsync(option, value);
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        var (first, second) = await TwoBatchesAsync(proxy, client, table, secondPartition);
        using var disposeFirst = first;
        using var disposeSecond = second;

        Assert.Equal(HttpStatusCode.Accepted, first.StatusCode);
        Assert.Null(RawTableRequests.Header(first, ChargeHeader.Name)); // Azure Storage charges nothing
        Assert.Equal(HttpStatusCode.ServiceUnavailable, second.StatusCode);
        Assert.Equal("ServerBusy", RawTableRequests.Header(second, "x-ms-error-code"));
        using var error = System.Text.Json.JsonDocument.Parse(await second.Content.ReadAsStringAsync());
        var said = error.RootElement.GetProperty("odata.error").GetProperty("message").GetProperty("value").GetString();
        Assert.StartsWith(message + "\nRequestId:", said, StringComparison.Ordinal);
        var limits = (await proxy.StatsAsync()).ThrottledByLimit;
        var expected = option switch
        {
            "--partition-limit" => new ThrottledLimits(1, 0, 0, 0, 0),
            "--account-limit" => new ThrottledLimits(0, 1, 0, 0, 0),
            "--account-ingress-limit" => new ThrottledLimits(0, 0, 1, 0, 0),
            _ => new ThrottledLimits(0, 0, 0, 1, 0),
        };
        Assert.Equal(expected, limits);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Theory]
    [InlineData(null, HttpStatusCode.Accepted)]
    [InlineData("100ms", HttpStatusCode.ServiceUnavailable)]
    public async Task StorageMode_Burst_IsHowMuchOfItsLimitAPartitionAdmitsAtOnce(string? burst, HttpStatusCode second)
    {
        // A partition limit of 100 entities/s: the default bucket holds 100 entities, so two batches of 10 pass at once;
        // one of 100 ms holds 10, and the second batch straight after the first finds it empty.
        await using var proxy = await StartAsync(burst is null ? ["--partition-limit", "100"] : ["--partition-limit", "100", "--burst", burst]);
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        var (first, next) = await TwoBatchesAsync(proxy, client, table, "p1");
        using var disposeFirst = first;
        using var disposeNext = next;

        Assert.Equal(HttpStatusCode.Accepted, first.StatusCode);
        Assert.Equal(second, next.StatusCode);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task CosmosMode_EachWriteIsChargedTheCostModelsFigure_InTheHeaderAndTheStats_AndTheExitLine()
    {
        await using var proxy = await StartAsync("--request-units", "100000");
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        var (first, second) = await TwoBatchesAsync(proxy, client, table, "p1");
        using var disposeFirst = first;
        using var disposeSecond = second;

        // One entity as the batch writes it: its keys (RowKey "row" + 32 hex digits + 3 digits), the nonce property, the template's.
        var entityBytes = $"{{\"PartitionKey\":\"p1\",\"RowKey\":\"row{new string('0', 35)}\",\"Batch\":\"nonce-1\"".Length + Template.JsonFragment.Length + 1;
        var expected = WriteChargeModel.Rounded(Entities * WriteChargeModel.EntityCharge(entityBytes, Template.Shape.Count + 1));
        Assert.Equal(HttpStatusCode.Accepted, first.StatusCode);
        Assert.Equal(expected.ToString("0.00", CultureInfo.InvariantCulture), RawTableRequests.Header(first, ChargeHeader.Name));
        Assert.Equal(expected.ToString("0.00", CultureInfo.InvariantCulture), RawTableRequests.Header(second, ChargeHeader.Name));
        Assert.InRange(expected / Entities, 5, 7); // a 1 KB entity costs about Cosmos DB's published 1 KB write
        Assert.Equal(2 * expected, (await proxy.StatsAsync()).RequestUnitsCharged, precision: 2);

        await client.DeleteTableAsync(table, CancellationToken.None);
        var final = await proxy.StopAsync();
        Assert.Equal(2 * expected, final.RequestUnitsCharged, precision: 2);
    }

    [Fact]
    public async Task CosmosMode_OverTheBudget_Answers429WithSubstatus3200AndRetryAfter_AndNoCharge()
    {
        // A budget of 10 RU a second: the first batch (about 60 RU) is admitted into the full budget and leaves it in debt.
        await using var proxy = await StartAsync("--request-units", "10");
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        var (first, second) = await TwoBatchesAsync(proxy, client, table, "p2");
        using var disposeFirst = first;
        using var disposeSecond = second;

        Assert.Equal(HttpStatusCode.Accepted, first.StatusCode);
        var charged = double.Parse(RawTableRequests.Header(first, ChargeHeader.Name)!, CultureInfo.InvariantCulture);
        Assert.Equal((HttpStatusCode)429, second.StatusCode);
        Assert.Equal("TooManyRequests", RawTableRequests.Header(second, "x-ms-error-code"));
        Assert.Equal("3200", RawTableRequests.Header(second, "x-ms-substatus"));
        Assert.Null(RawTableRequests.Header(second, ChargeHeader.Name));
        // The debt (the charge less the 10 RU budget) and the next batch's 10 RU, refilled at 10 RU a second, from the next
        // wall-clock second on: the budget is a second's, so up to a second more than the refill alone.
        var retryAfter = long.Parse(RawTableRequests.Header(second, ThrottleAnswer.RetryAfterHeader)!, CultureInfo.InvariantCulture);
        Assert.InRange(retryAfter, 1, (long)Math.Ceiling(charged * 100) + 1000);
        var stats = await proxy.StatsAsync();
        Assert.Equal(new ThrottledLimits(0, 0, 0, 0, 1), stats.ThrottledByLimit);
        Assert.Equal(1, stats.Throttled.TooManyRequests);
        Assert.Equal(charged, stats.RequestUnitsCharged, precision: 2);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Theory]
    [InlineData("not-a-number")]
    [InlineData("negative")]
    public async Task CosmosMode_ChargeHeaderFault_SendsTheMalformedChargeItNames(string fault)
    {
        await using var proxy = await StartAsync("--request-units", "100000", "--charge-header-fault", fault);
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        using var answer = await RawTableRequests.SendBatchAsync(proxy.Http, client, Template, table, "p1", Entities);

        Assert.Equal(HttpStatusCode.Accepted, answer.StatusCode);
        var header = RawTableRequests.Header(answer, ChargeHeader.Name);
        if (fault == "negative")
        {
            Assert.True(double.Parse(header!, CultureInfo.InvariantCulture) < 0, header);
        }
        else
        {
            Assert.False(double.TryParse(header, NumberStyles.Float, CultureInfo.InvariantCulture, out _), header);
        }

        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Theory]
    [InlineData("--request-units", "0", "--request-units must be greater than 0")]
    [InlineData("--account-ingress-limit", "-5", "--account-ingress-limit must be greater than 0")]
    [InlineData("--account-egress-limit", "none", "")]
    [InlineData("--charge-header-fault", "bogus", "--charge-header-fault 'bogus' is not a fault; use none, not-a-number or negative.")]
    [InlineData("--charge-header-fault", "negative", "--charge-header-fault needs --request-units: only the Cosmos DB emulation sends a charge header.")]
    [InlineData("--burst", "5ms", "--burst ")]
    public async Task NewOptions_BadValue_IsOneSentenceAndExitCode2_BeforeListening(string option, string value, string sentence)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["proxy", option, value, "--listen", "http://127.0.0.1:0"], null, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        Assert.StartsWith(sentence.Length > 0 ? sentence : option, line, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", stderr, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--partition-limit is an Azure Storage limit, which the Cosmos DB emulation does not apply", "--request-units", "1000", "--partition-limit", "500")]
    [InlineData("--account-limit, --burst are Azure Storage limits", "--request-units", "1000", "--account-limit", "500", "--burst", "2s")]
    [InlineData("--account-ingress-limit is an Azure Storage limit", "--account-ingress-limit", "1000000", "--request-units", "1000")]
    [InlineData("--timeout-share chooses between Azure Storage's 503 ServerBusy and 500 OperationTimedOut", "--cosmos", "--timeout-share", "0.5")]
    [InlineData("--timeout-share chooses between", "--request-units", "1000", "--timeout-share", "0.5")]
    public async Task AStorageOption_BesideTheCosmosEmulation_IsRefused_NotIgnored(string sentence, params string[] options)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["proxy", .. options, "--listen", "http://127.0.0.1:0"], null, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        Assert.StartsWith(sentence, line, StringComparison.Ordinal);
    }

    private Task<ProxyChild> StartAsync(params string[] options) => ProxyChild.StartAsync(azurite, options);

    // Two batches of the same size one after the other: the second sees the limits as the first left them.
    private static async Task<(HttpResponseMessage First, HttpResponseMessage Second)> TwoBatchesAsync(ProxyChild proxy, TableTestClient client, string table, string secondPartition) =>
        (await RawTableRequests.SendBatchAsync(proxy.Http, client, Template, table, "p1", Entities),
         await RawTableRequests.SendBatchAsync(proxy.Http, client, Template, table, secondPartition, Entities));

    private static async Task<string> NewTableAsync(TableTestClient client)
    {
        var table = StoredEntities.NewTableName("modes");
        Assert.True(await client.CreateTableAsync(table, CancellationToken.None));
        return table;
    }
}
