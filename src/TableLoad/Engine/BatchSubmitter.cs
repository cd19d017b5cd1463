using Polly;
using TableLoad.Measurement;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// Sends one prepared request through the resilience pipeline and classifies what happened. When a batch's
/// answer is unknown (lost, timed out, abandoned by a second Ctrl+C) or a retry conflicts with an
/// earlier attempt, it reads the batch's entity back: a batch is atomic, so one entity carrying this
/// batch's nonce proves a write committed, and one entity gone proves a delete did. A read or a query changes
/// nothing, and a read-modify-write no key, so nothing is read back for them.
/// </summary>
/// <param name="time">The run's clock, which a throttled read-back's back-off waits on.</param>
internal sealed class BatchSubmitter(ResiliencePipeline<BatchResult> pipeline, TableAdmin readBack, TimeProvider time)
{
    /// <param name="abandon">Cancels the request in flight: it is then <see cref="BatchOutcome.Abandoned"/>, and a batch is read back once.</param>
    public async ValueTask<BatchResult> SubmitAsync(IRequestSender sender, TableOperation operation, BatchIdentity batch, CancellationToken abandon)
    {
        // The read-back is a method of its own: its awaits and copies of the result would otherwise enlarge every request's state machine.
        var result = await SendAsync(sender, abandon).ConfigureAwait(false);
        return SettledByAnswer(result, operation) ? result : await ReadBackAsync(result, operation, batch).ConfigureAwait(false);
    }

    /// <summary>
    /// Whether the answer says all: a read-modify-write adds and removes no key, so no count hangs on whether a lost replace landed
    /// (its nonce is the task's, which an earlier replace of the same key carries too, so a read-back could not tell); a read changes nothing.
    /// </summary>
    private static bool SettledByAnswer(in BatchResult result, TableOperation operation) =>
        !operation.KeyUse().ChangesKeys() || (result.Outcome != BatchOutcome.Abandoned && !NeedsReadBack(result, operation));

    /// <summary>Read-backs are not cut short by the abandon: they settle what the table holds, each bounded by TableAdmin's call timeout.</summary>
    private async Task<BatchResult> ReadBackAsync(BatchResult result, TableOperation operation, BatchIdentity batch)
    {
        if (result.Outcome == BatchOutcome.Abandoned)
        {
            return await CommittedAsync(operation, batch, 0, CancellationToken.None).ConfigureAwait(false) switch
            {
                true => result with { VerifiedByRead = true },
                false => result with { NotFoundByRead = true },
                null => result,
            };
        }

        return await CommittedAsync(operation, batch, result.FailedIndex ?? 0, CancellationToken.None).ConfigureAwait(false) == true
            ? result with { Outcome = BatchOutcome.Succeeded, VerifiedByRead = true }
            : result;
    }

    /// <summary>No answer at all, or a conflict on a retry: either may hide a commit by an earlier attempt.</summary>
    public static bool NeedsReadBack(in BatchResult result, TableOperation operation) =>
        result.Outcome is BatchOutcome.ClientTimeout or BatchOutcome.NetworkFailure ||
        (result.Attempts > 1 && RetryConflictCode(operation) is { } conflict && result.ErrorCode == conflict);

    /// <summary>What the service answers a retry of a batch an earlier attempt committed: the insert's keys exist, the delete's are gone; null where a retry cannot conflict.</summary>
    private static string? RetryConflictCode(TableOperation operation) => operation.KeyUse() switch
    {
        KeyUse.WritesNew => "EntityAlreadyExists",
        KeyUse.Deletes => "ResourceNotFound",
        KeyUse.Overwrites or KeyUse.Reads or KeyUse.Updates => null,
    };

    /// <summary>Whether the batch committed: its entity carries this batch's nonce (a delete's is gone); null when the read-back got no answer.</summary>
    private async Task<bool?> CommittedAsync(TableOperation operation, BatchIdentity batch, int index, CancellationToken cancellationToken)
    {
        for (var attempt = 0; ; attempt++)
        {
            try
            {
                var nonce = await readBack.ReadPropertyAsync(batch.PartitionKey, batch.RowKey(index), EntityTemplate.NonceProperty, cancellationToken).ConfigureAwait(false);
                return operation.KeyUse().Removes() ? nonce is null : nonce == batch.Nonce;
            }
            catch (TableServiceException ex) when (ex.Status is { } status && OutcomeClassifier.Classify(new BatchResponse(status, ex.ErrorCode, null)).IsThrottle() && attempt < ReadBackBackoff.Length)
            {
                // A read counts against the partition's limit like a write: the read-back of a batch that just spent it is throttled,
                // and asked again once the limit has had time to refill.
                await Task.Delay(ReadBackBackoff[attempt], time, CancellationToken.None).ConfigureAwait(false);
            }
            catch (Exception ex) when (ex is OperationCanceledException or HttpRequestException or IOException or TableServiceException)
            {
                // Could not tell: the batch keeps its failure, which --verify will then show.
                return null;
            }
        }
    }

    /// <summary>The waits before a throttled read-back is asked again: over a partition's one-second window and then some.</summary>
    private static readonly TimeSpan[] ReadBackBackoff = [TimeSpan.FromMilliseconds(250), TimeSpan.FromMilliseconds(500), TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(2)];

    private async ValueTask<BatchResult> SendAsync(IRequestSender sender, CancellationToken cancellationToken)
    {
        // One a request, not an attempt: the service's log then names each attempt of the request by it.
        var attempt = new AttemptState(sender, Guid.NewGuid().ToString());
        var context = ResilienceContextPool.Shared.Get(cancellationToken);
        try
        {
            var outcome = await pipeline.ExecuteOutcomeAsync(
                static async (ctx, state) =>
                {
                    state.Attempts++;
                    try
                    {
                        var response = await state.Sender.SendAsync(state.ClientRequestId, ctx.CancellationToken).ConfigureAwait(false);
                        var classified = OutcomeClassifier.Classify(response);
                        var limit = OutcomeClassifier.Limit(classified, response);
                        state.Answered(response.Charge, limit);
                        return Outcome.FromResult(new BatchResult(
                            classified, response.HttpStatus, response.ErrorCode, response.FailedIndex, state.Attempts, response.RetryAfter)
                        {
                            Limit = limit,
                            SubStatus = response.SubStatus,
                            RequestId = response.RequestId,
                            EntitiesReturned = response.EntitiesReturned,
                            Pages = response.Pages,
                        });
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
                // Cancelled by the caller (a second Ctrl+C), not by the per-attempt timeout: the answer is unknown.
                var failure = exception is OperationCanceledException && cancellationToken.IsCancellationRequested
                    ? BatchOutcome.Abandoned
                    : OutcomeClassifier.Classify(exception) ?? BatchOutcome.ClientTimeout;
                return attempt.Charged(new BatchResult(failure, null, null, null, attempt.Attempts));
            }

            return attempt.Charged(outcome.Result with { Attempts = attempt.Attempts });
        }
        finally
        {
            ResilienceContextPool.Shared.Return(context);
        }
    }

    private sealed class AttemptState(IRequestSender sender, string clientRequestId)
    {
        public IRequestSender Sender { get; } = sender;

        public string ClientRequestId { get; } = clientRequestId;

        public int Attempts { get; set; }

        private double? _requestUnits;
        private int _unreadableCharges;
        private ThrottleCounts _throttled;

        /// <summary>Every answer's charge and throttle count, retried ones included: the service counted them all.</summary>
        public void Answered(RequestCharge charge, ThrottleLimit? limit)
        {
            switch (charge.Reading)
            {
                case ChargeReading.Read:
                    _requestUnits = (_requestUnits ?? 0) + charge.Units;
                    break;
                case ChargeReading.Unreadable:
                    _unreadableCharges++;
                    break;
                case ChargeReading.Absent:
                    break;
            }

            if (limit is { } named)
            {
                _throttled = _throttled.Plus(named);
            }
        }

        public BatchResult Charged(BatchResult result) =>
            result with { RequestUnits = _requestUnits, UnreadableCharges = _unreadableCharges, Throttled = _throttled, ClientRequestId = ClientRequestId };
    }
}
