using Polly.Timeout;
using TableLoad.Measurement;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>Maps the service's answers and the client's failures onto <see cref="BatchOutcome"/>.</summary>
internal static class OutcomeClassifier
{
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
            (_, "ServerBusy") => BatchOutcome.ServerBusy,
            (_, "OperationTimedOut") => BatchOutcome.OperationTimedOut,
            (_, "TooManyRequests") => BatchOutcome.TooManyRequests,
            _ => BatchOutcome.Rejected,
        };
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
