using Polly;
using Polly.Retry;
using Polly.Timeout;
using TableLoad.Measurement;

namespace TableLoad.Resilience;

/// <summary>
/// Builds the one pipeline a process shares: a per-attempt timeout inside an optional retry that
/// backs off exponentially with jitter on throttling and client timeouts only.
/// </summary>
internal static class BatchPipelineFactory
{
    /// <param name="time">The run's clock: the timeouts and the waits between attempts run on it.</param>
    public static ResiliencePipeline<BatchResult> Create(TimeSpan attemptTimeout, int retries, TimeProvider time)
    {
        var builder = new ResiliencePipelineBuilder<BatchResult> { TimeProvider = time };

        if (retries > 0)
        {
            builder.AddRetry(new RetryStrategyOptions<BatchResult>
            {
                MaxRetryAttempts = retries,
                BackoffType = DelayBackoffType.Exponential,
                UseJitter = true,
                Delay = TimeSpan.FromMilliseconds(200),
                MaxDelay = TimeSpan.FromSeconds(30),
                // Honour the service's own wait (x-ms-retry-after-ms) when it gives one.
                DelayGenerator = static args => ValueTask.FromResult(args.Outcome.Result.RetryAfter),
                ShouldHandle = static args => ValueTask.FromResult(
                    args.Outcome.Exception is TimeoutRejectedException ||
                    (args.Outcome.Result is { } result && result.Outcome.IsTransient())),
            });
        }

        return builder.AddTimeout(attemptTimeout).Build();
    }
}
