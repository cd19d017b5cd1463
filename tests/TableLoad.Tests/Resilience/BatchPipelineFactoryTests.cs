using System.Diagnostics;
using TableLoad.Measurement;
using TableLoad.Resilience;

namespace TableLoad.Tests.Resilience;

public sealed class BatchPipelineFactoryTests
{
    private static readonly BatchResult Throttled = new(BatchOutcome.TooManyRequests, 429, "TooManyRequests", null, 1, TimeSpan.FromMilliseconds(1500));
    private static readonly BatchResult Succeeded = new(BatchOutcome.Succeeded, 202, null, null, 1);

    [Fact]
    public async Task Retry_WaitsAtLeastWhatTheServiceAskedFor_InRetryAfter()
    {
        var pipeline = BatchPipelineFactory.Create(TimeSpan.FromSeconds(5), retries: 2);
        var answers = new Queue<BatchResult>([Throttled, Succeeded]);
        var watch = Stopwatch.StartNew();

        // The default backoff for a first retry is about 200 ms; 1.5 s can only come from the answer.
        var result = await pipeline.ExecuteAsync(_ => ValueTask.FromResult(answers.Dequeue()));

        Assert.True(result.Succeeded);
        Assert.Empty(answers);
        Assert.True(watch.Elapsed >= TimeSpan.FromMilliseconds(1400), $"retried after {watch.Elapsed.TotalMilliseconds} ms");
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
        var pipeline = BatchPipelineFactory.Create(TimeSpan.FromSeconds(5), retries: 1);
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
        var pipeline = BatchPipelineFactory.Create(TimeSpan.FromSeconds(5), retries: 0);
        var calls = 0;

        await pipeline.ExecuteAsync(_ => { calls++; return ValueTask.FromResult(Throttled); });

        Assert.Equal(1, calls);
    }
}
