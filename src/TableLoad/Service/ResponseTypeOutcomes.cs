using TableLoad.Measurement;
using TableLoad.Storage.Monitor;

namespace TableLoad.Service;

/// <summary>Which ResponseType the service counts each of TableLoad's outcomes under: the pairs the reconciliation compares.</summary>
internal static class ResponseTypeOutcomes
{
    /// <summary>The ResponseType of an outcome's answer; null for an outcome the service has no answer for (a batch abandoned by a second Ctrl+C).</summary>
    public static ResponseType? CountedAs(BatchOutcome outcome) => outcome switch
    {
        BatchOutcome.Succeeded => ResponseType.Success,
        BatchOutcome.ServerBusy => ResponseType.ServerBusyError,
        BatchOutcome.OperationTimedOut => ResponseType.ServerTimeoutError,
        BatchOutcome.TooManyRequests => ResponseType.ClientThrottlingError,
        BatchOutcome.ClientTimeout => ResponseType.ClientTimeoutError,
        BatchOutcome.Rejected or BatchOutcome.NotFound or BatchOutcome.Conflict => ResponseType.ClientOtherError,
        BatchOutcome.NetworkFailure => ResponseType.NetworkError,
        BatchOutcome.Abandoned => null,
    };

    /// <summary>The outcomes counted under <paramref name="type"/>.</summary>
    public static IReadOnlyList<BatchOutcome> Of(ResponseType type) => [.. BatchOutcomeExtensions.All().Where(o => CountedAs(o) == type)];
}
