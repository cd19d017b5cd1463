using System.Text;
using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Resilience;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Engine;

/// <summary>Which outcomes are settled by reading the batch back, because the answer may hide a commit, and how a throttled read-back waits.</summary>
public sealed class BatchSubmitterTests
{
    [Theory]
    [InlineData("insert", "ClientTimeout", 1, null, true)]
    [InlineData("insert", "NetworkFailure", 1, null, true)]
    [InlineData("insert", "Rejected", 2, "EntityAlreadyExists", true)]
    [InlineData("insert", "Rejected", 1, "EntityAlreadyExists", false)]
    [InlineData("insert", "Rejected", 3, "InvalidInput", false)]
    [InlineData("insert", "ServerBusy", 4, "ServerBusy", false)]
    [InlineData("insert", "Succeeded", 1, null, false)]
    [InlineData("upsert-replace", "ServerBusy", 3, null, false)]
    // A retried delete whose keys are gone: an earlier attempt may have deleted them.
    [InlineData("delete", "NotFound", 2, "ResourceNotFound", true)]
    [InlineData("delete", "NotFound", 1, "ResourceNotFound", false)]
    [InlineData("delete", "Rejected", 2, "EntityAlreadyExists", false)]
    public void NeedsReadBack_OnlyWhenTheAnswerMayHideACommit(string operation, string outcome, int attempts, string? code, bool expected)
    {
        Assert.True(TableOperationNames.TryParse(operation, out var parsed));
        Assert.Equal(expected, BatchSubmitter.NeedsReadBack(new BatchResult(Enum.Parse<BatchOutcome>(outcome), null, code, 0, attempts), parsed));
    }

    [Fact]
    public void BatchIdentity_RowKey_IsTheStemAndAThreeDigitIndex() =>
        Assert.Equal("tl-000-000-0001-0000000042-007", new BatchIdentity("tl", "tl-000-000-0001-0000000042-", "n").RowKey(7));

    [Fact]
    public async Task ThrottledReadBack_WaitsOnTheRunsClock_AndAsksAgainOnlyOnceItMoves()
    {
        // The delete's answer is lost; its read-back is throttled once, then finds the keys gone.
        var time = new SteppedTimeProvider(new DateTimeOffset(2026, 11, 24, 0, 0, 0, TimeSpan.Zero));
        var settings = DefaultRunSettings.Create();
        var readBacks = new AnswersInTurn(RecordedAnswer.Read(Path.Combine(AppContext.BaseDirectory, "Storage", "Answers", "server-busy.http")), NotFound);
        using var admin = new TableAdmin(AuthorizedTarget.For(settings.Target, time), settings.Table, settings.TableCallTimeout, readBacks);
        var submitter = new BatchSubmitter(BatchPipelineFactory.Create(settings.Timeout, retries: 0, time), admin, time);

        var submitting = submitter.SubmitAsync(new LostAnswers(), TableOperation.Delete, new BatchIdentity("tl", "tl-000-000-0001-0000000042-", "n"), CancellationToken.None).AsTask();
        await time.UntilAsync(() => time.Waits == 1, submitting);

        // With its back-off on another clock, the read-back asked again without the run's clock moving.
        Assert.False(submitting.IsCompleted);
        Assert.Equal(1, readBacks.Requests);
        time.Step(TimeSpan.FromMilliseconds(250));
        var result = await submitting.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal((2, BatchOutcome.Succeeded, true), (readBacks.Requests, result.Outcome, result.VerifiedByRead));
    }

    private static readonly RecordedAnswer NotFound = new(404, "Not Found",
        [new("x-ms-error-code", "ResourceNotFound"), new("Content-Type", "application/json;odata=minimalmetadata")],
        Encoding.UTF8.GetBytes("{\"odata.error\":{\"code\":\"ResourceNotFound\",\"message\":{\"lang\":\"en-US\",\"value\":\"The specified resource does not exist.\"}}}"));

    /// <summary>A request whose answer never comes back: the network failed after it left.</summary>
    private sealed class LostAnswers : IRequestSender
    {
        public void Prepare(BatchIdentity keys, int count)
        {
        }

        public Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken) => throw new HttpRequestException("connection reset");
    }

    /// <summary>Answers each request with the next of its answers, the last one again once they run out.</summary>
    private sealed class AnswersInTurn(params RecordedAnswer[] answers) : HttpMessageHandler
    {
        private int _requests;

        public int Requests => Volatile.Read(ref _requests);

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            Task.FromResult(answers[Math.Min(Interlocked.Increment(ref _requests), answers.Length) - 1].ToResponse());
    }
}
