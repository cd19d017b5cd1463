using Azure.Core;
using Azure.Core.Pipeline;
using Azure.Identity;
using TableLoad.Settings;
using TableLoad.Storage.Monitor;

namespace TableLoad.Service;

/// <summary>
/// The metrics REST API's pipeline: Azure.Core's, with its retry policy (exponential back-off, Retry-After honoured, 529 retried
/// too) and a bearer token from DefaultAzureCredential; on a loopback endpoint (the proxy's emulation) the fixed development token.
/// </summary>
internal static class MetricsPipeline
{
    public const int MaxRetries = 3;

    public static HttpPipeline Create(ServiceMetricsSettings settings, TokenCredential? credential = null)
    {
        var options = new MetricsClientOptions();
        options.Retry.MaxRetries = MaxRetries;
        options.RetryPolicy = new OverloadRetryPolicy(MaxRetries, DelayStrategy.CreateExponentialDelayStrategy(TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(30)));
        HttpPipelinePolicy authorization = settings.IsLoopback
            ? new DevelopmentTokenPolicy()
            : new BearerTokenAuthenticationPolicy(credential ?? new DefaultAzureCredential(), new Uri(settings.Endpoint, "/.default").ToString());
        return HttpPipelineBuilder.Build(new HttpPipelineOptions(options) { PerRetryPolicies = { authorization } });
    }

    private sealed class MetricsClientOptions : ClientOptions;

    /// <summary>The SDK's retry policy, which also backs off from 529, the metrics API's "overloaded".</summary>
    private sealed class OverloadRetryPolicy(int retries, DelayStrategy delay) : RetryPolicy(retries, delay)
    {
        private readonly int _retries = retries;

        // The base policy counts its retries inside ShouldRetry, so the 529 it does not know is bounded here alike.
        protected override bool ShouldRetry(HttpMessage message, Exception? exception) =>
            (exception is null && message.HasResponse && message.Response.Status == 529 && message.ProcessingContext.RetryNumber < _retries) || base.ShouldRetry(message, exception);

        protected override ValueTask<bool> ShouldRetryAsync(HttpMessage message, Exception? exception) =>
            new(ShouldRetry(message, exception));
    }

    /// <summary>The emulation's fixed token, as Azurite's development key: BearerTokenAuthenticationPolicy sends tokens over TLS only.</summary>
    private sealed class DevelopmentTokenPolicy : HttpPipelineSynchronousPolicy
    {
        public override void OnSendingRequest(HttpMessage message) =>
            message.Request.Headers.SetValue(HttpHeader.Names.Authorization, "Bearer " + MonitorMetric.DevelopmentToken);
    }
}
