using System.Net.Sockets;
using Polly.Timeout;
using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Storage;

namespace TableLoad.Tests.Engine;

public sealed class OutcomeClassifierTests
{
    private static BatchResponse Answer(int status, string? code = null) => new(status, code, null);

    [Fact]
    public void Classify_503_IsServerBusy() =>
        Assert.Equal(BatchOutcome.ServerBusy, OutcomeClassifier.Classify(Answer(503, "ServerBusy")));

    [Fact]
    public void Classify_503WithoutCode_IsServerBusy() =>
        Assert.Equal(BatchOutcome.ServerBusy, OutcomeClassifier.Classify(Answer(503)));

    [Fact]
    public void Classify_500OperationTimedOut_IsOperationTimedOut() =>
        Assert.Equal(BatchOutcome.OperationTimedOut, OutcomeClassifier.Classify(Answer(500, "OperationTimedOut")));

    [Theory]
    [InlineData("InternalError")]
    [InlineData(null)]
    public void Classify_500OtherCode_IsRejected(string? code) =>
        Assert.Equal(BatchOutcome.Rejected, OutcomeClassifier.Classify(Answer(500, code)));

    [Fact]
    public void Classify_429_IsTooManyRequests() =>
        Assert.Equal(BatchOutcome.TooManyRequests, OutcomeClassifier.Classify(Answer(429)));

    [Fact]
    public void Classify_409EntityAlreadyExists_IsRejected() =>
        Assert.Equal(BatchOutcome.Rejected, OutcomeClassifier.Classify(Answer(409, "EntityAlreadyExists")));

    [Theory]
    [InlineData("UpdateConditionNotSatisfied")]
    [InlineData(null)]
    public void Classify_412_IsConflict_NoThrottle_NeverRetried(string? code)
    {
        var outcome = OutcomeClassifier.Classify(Answer(412, code));

        Assert.Equal(BatchOutcome.Conflict, outcome);
        Assert.False(outcome.IsThrottle());
        Assert.False(outcome.IsTransient());
        Assert.Null(OutcomeClassifier.Limit(outcome, Answer(412, code)));
    }

    [Theory]
    [InlineData(200)]
    [InlineData(202)]
    [InlineData(204)]
    public void Classify_2xx_IsSucceeded(int status) =>
        Assert.Equal(BatchOutcome.Succeeded, OutcomeClassifier.Classify(Answer(status)));

    [Fact]
    public void Classify_TimeoutRejectedException_IsClientTimeout() =>
        Assert.Equal(BatchOutcome.ClientTimeout, OutcomeClassifier.Classify(new TimeoutRejectedException()));

    [Fact]
    public void Classify_HttpRequestException_IsNetworkFailure() =>
        Assert.Equal(BatchOutcome.NetworkFailure, OutcomeClassifier.Classify(new HttpRequestException("connection refused")));

    [Fact]
    public void Classify_SocketException_IsNetworkFailure() =>
        Assert.Equal(BatchOutcome.NetworkFailure, OutcomeClassifier.Classify(new SocketException()));

    [Theory]
    [InlineData(typeof(InvalidOperationException))]
    [InlineData(typeof(ArgumentException))]
    [InlineData(typeof(OperationCanceledException))]
    public void Classify_OtherException_IsNotTheBatchsFault(Type exceptionType) =>
        Assert.Null(OutcomeClassifier.Classify((Exception)Activator.CreateInstance(exceptionType)!));

    [Theory]
    [InlineData(429, "TooManyRequests", 3200, null, "request_units")]
    [InlineData(429, "TooManyRequests", null, null, "partition_or_unnamed")]
    [InlineData(503, "ServerBusy", null, "Operations per second is over the account limit.\nRequestId:1", "account_operations")]
    [InlineData(503, "ServerBusy", null, "Ingress is over the account limit.\nRequestId:1", "account_ingress")]
    [InlineData(503, "ServerBusy", null, "Egress is over the account limit.\nRequestId:1", "account_egress")]
    [InlineData(503, "ServerBusy", null, "The server is busy.\nRequestId:1", "partition_or_unnamed")]
    [InlineData(503, null, null, null, "partition_or_unnamed")]
    [InlineData(500, "OperationTimedOut", null, "Operations per second is over the account limit.", "partition_or_unnamed")]
    public void Limit_ThrottledAnswer_IsTheLimitTheServiceNamed(int status, string? code, int? subStatus, string? message, string expected)
    {
        var answer = Answer(status, code) with { SubStatus = subStatus, ErrorMessage = message };

        Assert.Equal(expected, OutcomeClassifier.Limit(OutcomeClassifier.Classify(answer), answer)?.ToSnakeCase());
    }

    [Theory]
    [InlineData(202, null)]
    [InlineData(409, "EntityAlreadyExists")]
    public void Limit_AnswerThatIsNoThrottle_IsNone(int status, string? code)
    {
        var answer = Answer(status, code) with { SubStatus = 3200, ErrorMessage = "Ingress is over the account limit." };

        Assert.Null(OutcomeClassifier.Limit(OutcomeClassifier.Classify(answer), answer));
    }
}
