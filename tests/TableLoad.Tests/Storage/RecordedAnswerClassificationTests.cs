using Microsoft.Extensions.Time.Testing;
using TableLoad.Measurement;
using TableLoad.Engine;
using TableLoad.Storage;
using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;
using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Storage;

/// <summary>
/// Real answers of Azurite and the proxy (recorded by the integration tests' RecordedAnswersTests),
/// replayed to both clients: each client reads the same status, code, failing index and retry wait,
/// and TableLoad classifies them alike.
/// </summary>
public sealed class RecordedAnswerClassificationTests
{
    private static readonly BatchIdentity Batch = new("pk", "row-", "nonce-1");

    public static TheoryData<string, string, string, int, string?, int?, bool> Answers()
    {
        var data = new TheoryData<string, string, string, int, string?, int?, bool>();
        foreach (var client in new[] { "sdk", "wire" })
        {
            data.Add("accepted", client, "succeeded", 202, null, null, false);
            data.Add("entity-already-exists", client, "rejected", 409, "EntityAlreadyExists", 0, false);
            data.Add("request-body-too-large", client, "rejected", 413, "RequestBodyTooLarge", null, false);
            data.Add("server-busy", client, "server_busy", 503, "ServerBusy", null, false);
            data.Add("operation-timed-out", client, "operation_timed_out", 500, "OperationTimedOut", null, false);
            data.Add("too-many-requests", client, "too_many_requests", 429, "TooManyRequests", null, true);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Answers))]
    public async Task RecordedAnswer_ReadsAndClassifiesTheSameThroughEitherClient(
        string answer, string client, string outcome, int status, string? errorCode, int? failedIndex, bool asksToWait)
    {
        var recorded = RecordedAnswer.Read(Path.Combine(AppContext.BaseDirectory, "Storage", "Answers", answer + ".http"));

        var response = await SendAsync(client, recorded);

        Assert.Equal(outcome, OutcomeClassifier.Classify(response).ToSnakeCase());
        Assert.Equal(status, response.HttpStatus);
        Assert.Equal(errorCode, response.ErrorCode);
        Assert.Equal(failedIndex, response.FailedIndex);
        Assert.Equal(asksToWait, response.RetryAfter is { } wait && wait > TimeSpan.Zero);
    }

    [Fact]
    public async Task TooManyRequests_RetryAfter_IsTheHeadersMilliseconds_ForBothClients()
    {
        var recorded = RecordedAnswer.Read(Path.Combine(AppContext.BaseDirectory, "Storage", "Answers", "too-many-requests.http"));
        var header = recorded.Headers.Single(h => h.Key.Equals(RetryAfterHeader.MillisecondsName, StringComparison.OrdinalIgnoreCase)).Value;

        var sdk = await SendAsync("sdk", recorded);
        var wire = await SendAsync("wire", recorded);

        Assert.Equal(TimeSpan.FromMilliseconds(double.Parse(header, System.Globalization.CultureInfo.InvariantCulture)), sdk.RetryAfter);
        Assert.Equal(sdk.RetryAfter, wire.RetryAfter);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task TooManyRequests_RetryAfterAsADate_IsTheWaitUntilThen_OnTheRunsClock(string client)
    {
        // The recorded 429 with a standard Retry-After date 7 s after the run's clock (its ms header removed).
        var now = new DateTimeOffset(2026, 11, 24, 12, 0, 0, TimeSpan.Zero);
        var recorded = RecordedAnswer.Read(Path.Combine(AppContext.BaseDirectory, "Storage", "Answers", "too-many-requests.http"));
        var dated = recorded with
        {
            Headers = [.. recorded.Headers.Where(h => !h.Key.Equals(RetryAfterHeader.MillisecondsName, StringComparison.OrdinalIgnoreCase)),
                new(RetryAfterHeader.StandardName, now.AddSeconds(7).ToString("R", System.Globalization.CultureInfo.InvariantCulture))],
        };

        var response = await SendAsync(client, dated, new FakeTimeProvider(now));

        Assert.Equal(TimeSpan.FromSeconds(7), response.RetryAfter);
    }

    private static async Task<BatchResponse> SendAsync(string client, RecordedAnswer answer, TimeProvider? time = null)
    {
        var target = AuthorizedTarget.For(ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString), TimeProvider.System);
        var template = EntityTemplate.Create(64, 2);
        time ??= TimeProvider.System;
        using IBatchClient batches = client == "sdk"
            ? new SdkBatchClient(target, "replayed", template, new ReplayHandler(answer), diagnostics: false, time)
            : new WireBatchClient(target, "replayed", template, new ReplayHandler(answer), time);
        var sender = batches.CreateSender(TableOperation.Insert, WriteForm.Transaction);
        sender.Prepare(Batch, 3);
        return await sender.SendAsync("client-request-id", CancellationToken.None);
    }
}
