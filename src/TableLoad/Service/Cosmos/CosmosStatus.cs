using System.Globalization;
using TableLoad.Measurement;

namespace TableLoad.Service.Cosmos;

/// <summary>The classes of a Cosmos DB answer's status code that the reconciliation sets beside TableLoad's outcomes.</summary>
internal enum CosmosStatus
{
    Success,
    NotFound,
    PreconditionFailed,
    TooManyRequests,
    ServiceUnavailable,
    OtherClientError,
    OtherServerError,
}

internal static class CosmosStatuses
{
    public static IReadOnlyList<CosmosStatus> All { get; } = Enum.GetValues<CosmosStatus>();

    /// <summary>The class of a status code as TotalRequests' StatusCode dimension gives it (<c>201</c>); null for a value that is no code.</summary>
    public static CosmosStatus? Of(string code) => int.TryParse(code, NumberStyles.None, CultureInfo.InvariantCulture, out var status)
        ? status switch
        {
            < 300 => CosmosStatus.Success,
            404 => CosmosStatus.NotFound,
            412 => CosmosStatus.PreconditionFailed,
            429 => CosmosStatus.TooManyRequests,
            503 => CosmosStatus.ServiceUnavailable,
            < 500 => CosmosStatus.OtherClientError,
            _ => CosmosStatus.OtherServerError,
        }
        : null;

    /// <summary>The class of an outcome's answer; null for an outcome with no answer of the service (a client timeout, a lost connection, an abandoned batch).</summary>
    public static CosmosStatus? CountedAs(BatchOutcome outcome) => outcome switch
    {
        BatchOutcome.Succeeded => CosmosStatus.Success,
        BatchOutcome.NotFound => CosmosStatus.NotFound,
        BatchOutcome.Conflict => CosmosStatus.PreconditionFailed,
        BatchOutcome.TooManyRequests => CosmosStatus.TooManyRequests,
        BatchOutcome.ServerBusy => CosmosStatus.ServiceUnavailable,
        BatchOutcome.Rejected => CosmosStatus.OtherClientError,
        BatchOutcome.OperationTimedOut => CosmosStatus.OtherServerError,
        BatchOutcome.ClientTimeout or BatchOutcome.NetworkFailure or BatchOutcome.Abandoned => null,
    };

    /// <summary>The outcomes counted under <paramref name="status"/>.</summary>
    public static IReadOnlyList<BatchOutcome> Outcomes(CosmosStatus status) => [.. BatchOutcomeExtensions.All().Where(o => CountedAs(o) == status)];
}
