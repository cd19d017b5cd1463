using Polly.Timeout;
using TableLoad.Measurement;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>Maps the service's answers and the client's failures onto <see cref="BatchOutcome"/>.</summary>
internal static class OutcomeClassifier
{
    /// <summary>Cosmos DB's sub-status of a 429 whose request units are spent.</summary>
    public const int RequestUnitsSubStatus = 3200;

    /// <summary>Azure Table Storage's 503 ServerBusy messages that name an account limit (docs/proxy.md cites them).</summary>
    private static readonly (string Words, ThrottleLimit Limit)[] AccountLimitMessages =
    [
        ("Operations per second is over the account limit.", ThrottleLimit.AccountOperations),
        ("Ingress is over the account limit.", ThrottleLimit.AccountIngress),
        ("Egress is over the account limit.", ThrottleLimit.AccountEgress),
    ];

    public static BatchOutcome Classify(BatchResponse response)
    {
        if (response.Succeeded)
        {
            return BatchOutcome.Succeeded;
        }

        return (response.HttpStatus, response.ErrorCode) switch
        {
            (503, _) => BatchOutcome.ServerBusy,
            (500, "OperationTimedOut") => BatchOutcome.OperationTimedOut,
            (429, _) => BatchOutcome.TooManyRequests,
            (404, "ResourceNotFound") => BatchOutcome.NotFound,
            (412, _) => BatchOutcome.Conflict,
            (_, "ServerBusy") => BatchOutcome.ServerBusy,
            (_, "OperationTimedOut") => BatchOutcome.OperationTimedOut,
            (_, "TooManyRequests") => BatchOutcome.TooManyRequests,
            _ => BatchOutcome.Rejected,
        };
    }

    /// <summary>Which limit a throttled answer named; null for an answer that is no throttle.</summary>
    public static ThrottleLimit? Limit(BatchOutcome outcome, BatchResponse response)
    {
        if (!outcome.IsThrottle())
        {
            return null;
        }

        if (response.HttpStatus == 429 && response.SubStatus == RequestUnitsSubStatus)
        {
            return ThrottleLimit.RequestUnits;
        }

        var message = response.ErrorMessage;
        if (response.HttpStatus == 503 && message is not null)
        {
            foreach (var (words, limit) in AccountLimitMessages)
            {
                if (message.Contains(words, StringComparison.Ordinal))
                {
                    return limit;
                }
            }
        }

        return ThrottleLimit.PartitionOrUnnamed;
    }

    /// <summary>Classifies a failure that produced no answer; null for exceptions that are not the batch's fault.</summary>
    public static BatchOutcome? Classify(Exception exception) => exception switch
    {
        TimeoutRejectedException => BatchOutcome.ClientTimeout,
        HttpRequestException => BatchOutcome.NetworkFailure,
        IOException => BatchOutcome.NetworkFailure,
        System.Net.Sockets.SocketException => BatchOutcome.NetworkFailure,
        _ => null,
    };
}
