using Polly;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>Sends one pre-built batch through the resilience pipeline and classifies what happened.</summary>
internal sealed class BatchSubmitter(TableRestClient client, ResiliencePipeline<BatchResult> pipeline)
{
    private static readonly System.Net.Http.Headers.MediaTypeHeaderValue BodyType =
        System.Net.Http.Headers.MediaTypeHeaderValue.Parse(Workload.BatchBodyWriter.ContentType);

    public async ValueTask<BatchResult> SubmitAsync(ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        var attempt = new AttemptState(client, body);
        var context = ResilienceContextPool.Shared.Get(cancellationToken);
        try
        {
            var outcome = await pipeline.ExecuteOutcomeAsync(
                static async (ctx, state) =>
                {
                    state.Attempts++;
                    try
                    {
                        var content = new ReadOnlyMemoryContent(state.Body);
                        content.Headers.ContentType = BodyType;
                        var response = await state.Client.SendBatchAsync(content, ctx.CancellationToken).ConfigureAwait(false);
                        return Outcome.FromResult(new BatchResult(
                            OutcomeClassifier.Classify(response), response.HttpStatus, response.ErrorCode, response.FailedIndex, state.Attempts));
                    }
                    catch (Exception ex) when (ex is not OperationCanceledException && OutcomeClassifier.Classify(ex) is { } failure)
                    {
                        return Outcome.FromResult(new BatchResult(failure, null, ex.GetType().Name, null, state.Attempts));
                    }
                },
                context,
                attempt).ConfigureAwait(false);

            if (outcome.Exception is { } exception)
            {
                var failure = OutcomeClassifier.Classify(exception) ?? BatchOutcome.ClientTimeout;
                return new BatchResult(failure, null, null, null, attempt.Attempts);
            }

            return outcome.Result with { Attempts = attempt.Attempts };
        }
        finally
        {
            ResilienceContextPool.Shared.Return(context);
        }
    }

    private sealed class AttemptState(TableRestClient client, ReadOnlyMemory<byte> body)
    {
        public TableRestClient Client { get; } = client;

        public ReadOnlyMemory<byte> Body { get; } = body;

        public int Attempts { get; set; }
    }
}
