using System.Text.Json;
using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Http;
using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Proxy;
using TableLoad.Storage;
using TableLoad.Storage.Wire;

namespace TableLoad.Tests.Proxy;

public sealed class ThrottleAnswerTests
{
    private static readonly Guid RequestId = Guid.Parse("6f0d4c39-7a1e-4b5b-9c1e-2b7d2a9e5c11");
    private static readonly DateTimeOffset Now = new(2012, 6, 21, 10, 30, 15, 123, TimeSpan.Zero);

    [Theory]
    [InlineData(503, "ServerBusy", nameof(BatchOutcome.ServerBusy))]
    [InlineData(500, "OperationTimedOut", nameof(BatchOutcome.OperationTimedOut))]
    [InlineData(429, "TooManyRequests", nameof(BatchOutcome.TooManyRequests))]
    public void Create_EachCode_IsReadBackByTableLoadAsThatOutcome(int status, string errorCode, string expectedOutcome)
    {
        var answer = CreateSut(Enum.Parse<ThrottleCode>(errorCode));
        var outcome = Enum.Parse<BatchOutcome>(expectedOutcome);

        Assert.Equal(status, answer.Status);
        Assert.Equal(errorCode, Header(answer, "x-ms-error-code"));
        var (bodyCode, index, _) = BatchResponseParser.ReadError(answer.Body);
        Assert.Equal(errorCode, bodyCode);
        Assert.Null(index);
        Assert.Equal(outcome, OutcomeClassifier.Classify(new BatchResponse(answer.Status, bodyCode, index)));
    }

    [Fact]
    public void Create_ServerBusy_HasTheServicesHeadersAndMessage()
    {
        var answer = CreateSut(ThrottleCode.ServerBusy);

        Assert.Equal("application/json;odata=minimalmetadata;streaming=true;charset=utf-8", Header(answer, "Content-Type"));
        Assert.Equal(RequestId.ToString(), Header(answer, "x-ms-request-id"));
        Assert.Equal("2019-02-02", Header(answer, "x-ms-version"));
        Assert.Equal("Thu, 21 Jun 2012 10:30:15 GMT", Header(answer, "Date"));
        Assert.Null(Header(answer, ThrottleAnswer.RetryAfterHeader));

        using var json = JsonDocument.Parse(answer.Body);
        var error = json.RootElement.GetProperty("odata.error");
        Assert.Equal("en-US", error.GetProperty("message").GetProperty("lang").GetString());
        Assert.Equal(
            $"The server is busy.\nRequestId:{RequestId}\nTime:2012-06-21T10:30:15.1230000Z",
            error.GetProperty("message").GetProperty("value").GetString());
    }

    [Fact]
    public void Create_ThrottledByTheAccount_SaysSo()
    {
        var answer = ThrottleAnswer.Create(ThrottleCode.ServerBusy, ThrottledBy.Account, RequestId, Now, null, TimeSpan.Zero);

        Assert.StartsWith("Operations per second is over the account limit.\nRequestId:", Message(answer), StringComparison.Ordinal);
    }

    [Fact]
    public void Create_OperationTimedOut_HasTheServicesMessage()
    {
        var answer = CreateSut(ThrottleCode.OperationTimedOut);

        Assert.Matches(
            new Regex(@"^Operation could not be completed within the specified time\.\nRequestId:[0-9a-f-]{36}\nTime:\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z$"),
            Message(answer));
    }

    [Fact]
    public void Create_TooManyRequests_SendsRetryAfterInWholeMilliseconds()
    {
        var answer = ThrottleAnswer.Create(ThrottleCode.TooManyRequests, ThrottledBy.Partition, RequestId, Now, "2019-02-02", TimeSpan.FromMilliseconds(166.2));

        Assert.Equal("167", Header(answer, "x-ms-retry-after-ms"));
        Assert.StartsWith("Message: {\"Errors\":[\"Request rate is large.", Message(answer), StringComparison.Ordinal);
    }

    [Fact]
    public void Create_EchoesTheRequestsVersion()
    {
        var answer = ThrottleAnswer.Create(ThrottleCode.ServerBusy, ThrottledBy.Partition, RequestId, Now, "2021-12-02", TimeSpan.Zero);

        Assert.Equal("2021-12-02", Header(answer, "x-ms-version"));
    }

    [Theory]
    [InlineData(0.0, 1)]
    [InlineData(0.2, 1)]
    [InlineData(1000.0, 1000)]
    [InlineData(1000.01, 1001)]
    public void RetryAfterMilliseconds_RoundsUp_AndIsAtLeastOne(double milliseconds, long expected) =>
        Assert.Equal(expected, ThrottleAnswer.RetryAfterMilliseconds(TimeSpan.FromMilliseconds(milliseconds)));

    [Fact]
    public async Task WriteAsync_WritesStatusHeadersAndBody()
    {
        var answer = CreateSut(ThrottleCode.TooManyRequests);
        var context = new DefaultHttpContext();
        using var body = new MemoryStream();
        context.Response.Body = body;

        await answer.WriteAsync(context.Response, CancellationToken.None);

        Assert.Equal(429, context.Response.StatusCode);
        Assert.Equal(answer.Body.Length, context.Response.ContentLength);
        Assert.Equal("TooManyRequests", context.Response.Headers["x-ms-error-code"].ToString());
        Assert.Equal("1000", context.Response.Headers["x-ms-retry-after-ms"].ToString());
        Assert.Equal(answer.Body, body.ToArray());
    }

    private static ThrottleAnswer CreateSut(ThrottleCode code) =>
        ThrottleAnswer.Create(code, ThrottledBy.Partition, RequestId, Now, null, TimeSpan.FromSeconds(1));

    private static string? Header(ThrottleAnswer answer, string name) =>
        answer.Headers.Where(h => h.Key.Equals(name, StringComparison.OrdinalIgnoreCase)).Select(h => h.Value).SingleOrDefault();

    private static string Message(ThrottleAnswer answer)
    {
        using var json = JsonDocument.Parse(answer.Body);
        return json.RootElement.GetProperty("odata.error").GetProperty("message").GetProperty("value").GetString()!;
    }
}
