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
}
