using Microsoft.Extensions.Time.Testing;
using TableLoad.Measurement;
using TableLoad.Resilience;

namespace TableLoad.Tests.Resilience;

public sealed class BatchPipelineFactoryTests
{
    private static readonly BatchResult Throttled = new(BatchOutcome.TooManyRequests, 429, "TooManyRequests", null, 1, TimeSpan.FromMilliseconds(1500));
    private static readonly BatchResult Succeeded = new(BatchOutcome.Succeeded, 202, null, null, 1);

    [Fact]
    public async Task Retry_WaitsWhatTheServiceAskedFor_InRetryAfter()
    {
        var time = new FakeTimeProvider();
        var pipeline = BatchPipelineFactory.Create(TimeSpan.FromSeconds(5), retries: 2, time);
        var answers = new Queue<BatchResult>([Throttled, Succeeded]);

        var running = pipeline.ExecuteAsync(_ => ValueTask.FromResult(answers.Dequeue())).AsTask();

        // The default backoff for a first retry is about 200 ms; 1.5 s can only come from the answer.
        time.Advance(TimeSpan.FromMilliseconds(1499));
        Assert.False(running.IsCompleted, "retried before the 1.5 s the answer asked for");
        Assert.Single(answers);
        time.Advance(TimeSpan.FromMilliseconds(1));
        var result = await running.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.True(result.Succeeded);
        Assert.Empty(answers);
    }

    [Theory]
    [InlineData("ServerBusy", true)]
    [InlineData("OperationTimedOut", true)]
    [InlineData("TooManyRequests", true)]
    [InlineData("ClientTimeout", true)]
    [InlineData("Rejected", false)]
    [InlineData("NetworkFailure", false)]
    public async Task Retry_OnlyOnThrottlingAndClientTimeouts(string firstOutcome, bool retried)
    {
        var first = Enum.Parse<BatchOutcome>(firstOutcome);
        var pipeline = BatchPipelineFactory.Create(TimeSpan.FromSeconds(5), retries: 1, TimeProvider.System);
        var calls = 0;

        var result = await pipeline.ExecuteAsync(_ =>
        {
            calls++;
            return ValueTask.FromResult(calls == 1 ? new BatchResult(first, 500, null, null, 1, TimeSpan.FromMilliseconds(1)) : Succeeded);
        });

        Assert.Equal(retried ? 2 : 1, calls);
        Assert.Equal(retried, result.Succeeded);
    }

    [Fact]
    public async Task NoRetries_MakesExactlyOneAttempt()
    {
        var pipeline = BatchPipelineFactory.Create(TimeSpan.FromSeconds(5), retries: 0, TimeProvider.System);
        var calls = 0;

        await pipeline.ExecuteAsync(_ => { calls++; return ValueTask.FromResult(Throttled); });

        Assert.Equal(1, calls);
    }
}
