using System.Collections.Immutable;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Measurement;

/// <summary>One outcome's row of <see cref="OutcomeTable"/>.</summary>
/// <param name="Name">The snake_case name: the <c>outcome</c> of batches.csv, a column of intervals.csv, a key of summary.json's <c>outcomes</c>, a tag of the meter.</param>
/// <param name="Throttle">The service asked the client to slow down.</param>
/// <param name="Transient">Worth another attempt when retries are on.</param>
/// <param name="Failure">Not an answer that the batch was stored; every outcome but <c>succeeded</c>.</param>
internal sealed record OutcomeKind(string Name, bool Throttle, bool Transient, bool Failure)
{
    // Not in run.json: the name says it there.
    [JsonIgnore]
    public BatchOutcome Outcome { get; init; }
}

/// <summary>
/// Every outcome once, in the enum's order: the result files' columns and keys, the summary, the
/// live view and the meter derive from it, and run.json records it for the R scripts.
/// </summary>
internal static class OutcomeTable
{
    public static ImmutableArray<OutcomeKind> Rows { get; } =
    [
        Row(BatchOutcome.Succeeded, failure: false),
        Row(BatchOutcome.ServerBusy, throttle: true),
        Row(BatchOutcome.OperationTimedOut, throttle: true),
        Row(BatchOutcome.TooManyRequests, throttle: true),
        Row(BatchOutcome.ClientTimeout, transient: true),
        Row(BatchOutcome.Rejected),
        Row(BatchOutcome.NetworkFailure),
        // Cut off by a second Ctrl+C: the answer is unknown; a read-back settles whether it was stored.
        Row(BatchOutcome.Abandoned),
        // A key that is not there: for a read an answer of its own, which is no entity read.
        Row(BatchOutcome.NotFound),
        // Another writer changed the entity between the read and the replace: the same request again would read anew, so it is
        // an answer, never a throttle, and not retried.
        Row(BatchOutcome.Conflict),
    ];

    public static int Count => Rows.Length;

    /// <summary>The outcomes that are failures, in order: intervals.csv's columns between <c>batches</c> and <c>p50_ms</c>.</summary>
    public static ImmutableArray<OutcomeKind> Failures { get; } = [.. Rows.Where(r => r.Failure)];

    public static OutcomeKind Of(BatchOutcome outcome) => Rows[(int)outcome];

    private static OutcomeKind Row(BatchOutcome outcome, bool throttle = false, bool transient = false, bool failure = true) =>
        new(JsonNamingPolicy.SnakeCaseLower.ConvertName(outcome.ToString()), throttle, throttle || transient, failure) { Outcome = outcome };
}
