using Polly;
using TableLoad.Measurement;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// Sends one prepared batch through the resilience pipeline and classifies what happened. When the
/// answer is unknown (lost, timed out) or a retry conflicts with an earlier attempt, it reads the
/// batch's entity back: a batch is atomic, so one entity carrying this batch's nonce proves it committed.
/// </summary>
internal sealed class BatchSubmitter(ResiliencePipeline<BatchResult> pipeline, TableAdmin readBack)
{
    public async ValueTask<BatchResult> SubmitAsync(IBatchSender sender, BatchIdentity batch, CancellationToken cancellationToken)
    {
        var result = await SendAsync(sender, cancellationToken).ConfigureAwait(false);
        if (NeedsReadBack(result) && !cancellationToken.IsCancellationRequested &&
            await CommittedAsync(batch, result.FailedIndex ?? 0, cancellationToken).ConfigureAwait(false))
        {
            return result with { Outcome = BatchOutcome.Succeeded, VerifiedByRead = true };
        }

        return result;
    }

    /// <summary>No answer at all, or a conflict on a retry: either may hide a commit by an earlier attempt.</summary>
    public static bool NeedsReadBack(in BatchResult result) =>
        result.Outcome is BatchOutcome.ClientTimeout or BatchOutcome.NetworkFailure ||
        (result.Attempts > 1 && result.Outcome == BatchOutcome.Rejected && result.ErrorCode == "EntityAlreadyExists");

    private async Task<bool> CommittedAsync(BatchIdentity batch, int index, CancellationToken cancellationToken)
    {
        try
        {
            var nonce = await readBack.ReadPropertyAsync(batch.PartitionKey, batch.RowKey(index), EntityTemplate.NonceProperty, cancellationToken).ConfigureAwait(false);
            return nonce == batch.Nonce;
        }
        catch (Exception ex) when (ex is OperationCanceledException or HttpRequestException or IOException or TableServiceException)
        {
            // Could not tell: the batch keeps its failure, which --verify will then show.
            return false;
        }
    }

    private async ValueTask<BatchResult> SendAsync(IBatchSender sender, CancellationToken cancellationToken)
    {
        var attempt = new AttemptState(sender);
        var context = ResilienceContextPool.Shared.Get(cancellationToken);
        try
        {
            var outcome = await pipeline.ExecuteOutcomeAsync(
                static async (ctx, state) =>
                {
                    state.Attempts++;
                    try
                    {
                        var response = await state.Sender.SendAsync(ctx.CancellationToken).ConfigureAwait(false);
                        return Outcome.FromResult(new BatchResult(
                            OutcomeClassifier.Classify(response), response.HttpStatus, response.ErrorCode, response.FailedIndex, state.Attempts, response.RetryAfter));
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

    private sealed class AttemptState(IBatchSender sender)
    {
        public IBatchSender Sender { get; } = sender;

        public int Attempts { get; set; }
    }
}
