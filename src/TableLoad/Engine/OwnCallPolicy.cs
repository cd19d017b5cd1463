using Azure.Core;
using Azure.Core.Pipeline;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>Counts each request <see cref="TableAdmin"/> sends, by the call it belongs to and how it ended: transactions the service counts beside the load's.</summary>
internal sealed class OwnCallPolicy(OwnCalls calls) : HttpPipelinePolicy
{
    public override void Process(HttpMessage message, ReadOnlyMemory<HttpPipelinePolicy> pipeline) =>
        ProcessAsync(message, pipeline).AsTask().GetAwaiter().GetResult();

    public override async ValueTask ProcessAsync(HttpMessage message, ReadOnlyMemory<HttpPipelinePolicy> pipeline)
    {
        try
        {
            await ProcessNextAsync(message, pipeline).ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            // No answer: the service counts the request by how it ended there, which the client cannot know.
            Record(message, ex is OperationCanceledException ? BatchOutcome.ClientTimeout : BatchOutcome.NetworkFailure);
            throw;
        }

        var response = message.Response;
        Record(message, OutcomeClassifier.Classify(new BatchResponse(response.Status, response.Headers.TryGetValue("x-ms-error-code", out var code) ? code : null, null)));
    }

    private void Record(HttpMessage message, BatchOutcome outcome)
    {
        if (message.TryGetProperty(TableAdmin.OwnCallProperty, out var call) && call is OwnCall own)
        {
            calls.Add(own, outcome);
        }
    }
}
