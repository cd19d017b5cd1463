using TableLoad.Storage;

namespace TableLoad.Measurement.Service;

/// <summary>
/// The run's own requests besides its load (the table's creation, --verify's count, the preload, read-backs ...) by the wall-clock minute
/// they ended in, what they were for and how they ended: the service counts them among the run's minutes' transactions.
/// </summary>
internal sealed class OwnCalls(TimeProvider time)
{
    private readonly Lock _lock = new();
    private readonly Dictionary<(long Minute, OwnCall Call, BatchOutcome Outcome), (long Requests, long Retries)> _counts = [];

    /// <param name="attempts">The request's attempts: those beyond the first are transactions too, of the answers retried.</param>
    public void Add(OwnCall call, BatchOutcome outcome, int attempts = 1) =>
        Add(new OwnCallMinute(time.GetUtcNow().ToUnixTimeSeconds() / 60, call, outcome, 1, Math.Max(0, attempts - 1)));

    /// <summary>Adds the calls of one kind that ended one way in a minute: one call, or a worker's, carried to its coordinator.</summary>
    public void Add(OwnCallMinute counted)
    {
        var key = (counted.Minute, counted.Call, counted.Outcome);
        lock (_lock)
        {
            var (requests, retries) = _counts.GetValueOrDefault(key);
            _counts[key] = (requests + counted.Requests, retries + counted.Retries);
        }
    }

    /// <summary>Every count by its minute: what a worker carries to its coordinator.</summary>
    public IReadOnlyList<OwnCallMinute> Minutes()
    {
        lock (_lock)
        {
            return [.. _counts.Select(c => new OwnCallMinute(c.Key.Minute, c.Key.Call, c.Key.Outcome, c.Value.Requests, c.Value.Retries))];
        }
    }

    /// <summary>The calls that ended from the minute <paramref name="first"/> to the minute <paramref name="last"/>, both included.</summary>
    public IReadOnlyList<OwnCallCount> Between(DateTimeOffset first, DateTimeOffset last)
    {
        var (from, to) = (first.ToUnixTimeSeconds() / 60, last.ToUnixTimeSeconds() / 60);
        lock (_lock)
        {
            return [.. _counts.Where(c => c.Key.Minute >= from && c.Key.Minute <= to)
                .GroupBy(c => (c.Key.Call, c.Key.Outcome))
                .OrderBy(g => g.Key.Call).ThenBy(g => g.Key.Outcome)
                .Select(g => new OwnCallCount(OwnCallNames.Of(g.Key.Call), g.Key.Outcome.ToSnakeCase(), g.Sum(c => c.Value.Requests), g.Sum(c => c.Value.Retries)))];
        }
    }
}

/// <summary>The calls of one kind that ended one way in one minute (since the epoch): a worker's report of them to its coordinator.</summary>
internal sealed record OwnCallMinute(long Minute, OwnCall Call, BatchOutcome Outcome, long Requests, long Retries);

/// <summary>summary.json's <c>service.own_calls</c>: the run's own requests of one kind that ended one way in the service's minutes.</summary>
/// <param name="Call">What they were for (<c>table_creation</c>, <c>count</c>, <c>preload</c>, <c>read_back</c> ...).</param>
/// <param name="Outcome">How they ended, as the load's outcomes are named (<c>succeeded</c>, <c>not_found</c> ...).</param>
/// <param name="Retries">Attempts beyond each request's first.</param>
internal sealed record OwnCallCount(string Call, string Outcome, long Requests, long Retries);

/// <summary>Each own call's name in summary.json and in the reconciliation's sentence.</summary>
internal static class OwnCallNames
{
    public static string Of(OwnCall call) => call switch
    {
        OwnCall.TableCreation => "table_creation",
        OwnCall.EmptinessCheck => "emptiness_check",
        OwnCall.Count => "count",
        OwnCall.Preload => "preload",
        OwnCall.ReadBack => "read_back",
        OwnCall.TableDeletion => "table_deletion",
    };

    /// <summary>The words a sentence names the calls of <paramref name="name"/> with.</summary>
    public static string Words(string name) => Enum.GetValues<OwnCall>().Where(c => Of(c) == name).Select(Words).FirstOrDefault() ?? name;

    private static string Words(OwnCall call) => call switch
    {
        OwnCall.TableCreation => "the table's creation",
        OwnCall.EmptinessCheck => "the check that the table is empty",
        OwnCall.Count => "--verify's count (a request a page)",
        OwnCall.Preload => "the preload's batches",
        OwnCall.ReadBack => "read-backs of unanswered batches",
        OwnCall.TableDeletion => "the table's deletion",
    };
}
