using Azure.Core;
using Azure.Core.Pipeline;
using Azure.Data.Tables;

namespace TableLoad.Storage.Sdk;

/// <summary>The SDK settings TableLoad runs with: its own retries off, TableLoad's socket handler, diagnostics only when asked for.</summary>
internal static class SdkClientOptions
{
    /// <param name="networkTimeout">The SDK's own limit per request; infinite where TableLoad's pipeline bounds each attempt.</param>
    /// <param name="requestIds">Sets each call's <c>x-ms-client-request-id</c>; null leaves the SDK's own.</param>
    public static TableClientOptions Create(HttpMessageHandler handler, TimeSpan networkTimeout, bool diagnostics, ClientRequestIdPolicy? requestIds = null)
    {
        var options = new TableClientOptions
        {
            Transport = new HttpClientTransport(handler),
        };

        // TableLoad's Polly pipeline makes every retry, so each attempt is counted and classified.
        options.Retry.MaxRetries = 0;
        options.Retry.NetworkTimeout = networkTimeout;
        options.Diagnostics.IsLoggingEnabled = diagnostics;
        options.Diagnostics.IsDistributedTracingEnabled = diagnostics;
        if (requestIds is not null)
        {
            options.AddPolicy(requestIds, HttpPipelinePosition.PerCall);
        }

        return options;
    }
}
