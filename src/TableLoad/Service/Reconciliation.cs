using System.Globalization;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Storage.Monitor;

namespace TableLoad.Service;

/// <summary>
/// Sets the service's transactions beside the client's requests of the same minutes, ResponseType by outcome, and names each
/// difference in a sentence with its likely cause; one sentence says what matched.
/// </summary>
internal static class Reconciliation
{
    /// <param name="service">The service's transactions by ResponseType name.</param>
    /// <param name="client">The client's requests of the same minutes by outcome.</param>
    /// <param name="retries">Attempts beyond each request's first: transactions the client counts once.</param>
    /// <param name="ownCalls">The run's requests besides its load's (the table's creation, --verify's count ...): transactions the client counted apart.</param>
    public static IReadOnlyList<string> Sentences(IReadOnlyDictionary<string, long> service, Func<BatchOutcome, long> client, long retries, IReadOnlyList<OwnCallCount> ownCalls)
    {
        var own = ownCalls.Select(c => (c.Requests, Outcome: OutcomeTable.Rows.First(r => r.Name == c.Outcome).Outcome)).ToList();
        retries += ownCalls.Sum(c => c.Retries);
        var sentences = new List<string>();
        var matched = new List<string>();
        foreach (var type in ResponseTypes.All)
        {
            var outcomes = ResponseTypeOutcomes.Of(type);
            var counted = service.GetValueOrDefault(type.Name());
            var ownSeen = own.Where(c => outcomes.Contains(c.Outcome)).Sum(c => c.Requests);
            var seen = outcomes.Sum(client) + ownSeen;
            var names = outcomes.Count == 0 ? "" : string.Join(" or ", outcomes.Select(o => o.ToSnakeCase()));
            if (counted == seen)
            {
                if (counted > 0)
                {
                    matched.Add(Invariant($"{type.Name()} {counted} = {names}{(ownSeen > 0 ? $" + {ownSeen} own calls" : "")}"));
                }

                continue;
            }

            sentences.Add(counted > seen
                ? More(type, counted - seen, seen, names, retries)
                : Invariant($"TableLoad counted {seen - counted} {names} more than the service's {counted} {type.Name()}: requests that never reached the service (a connection lost before it), or answers the service counted under another ResponseType"));
        }

        var abandoned = client(BatchOutcome.Abandoned);
        if (abandoned > 0)
        {
            sentences.Add(Invariant($"TableLoad abandoned {abandoned} requests (a second Ctrl+C); the service counted each by how it ended"));
        }

        foreach (var name in service.Keys.Where(k => !Enum.TryParse<ResponseType>(k, out _)))
        {
            sentences.Add(Invariant($"the service counted {service[name]} {name}, which TableLoad has no outcome for"));
        }

        if (retries > 0)
        {
            sentences.Add(Invariant($"TableLoad retried {retries} attempts: each is a transaction to the service, while TableLoad counts a request once, by its last answer"));
        }

        if (ownCalls.Count > 0)
        {
            sentences.Add(Invariant($"{ownCalls.Sum(c => c.Requests)} of the service's transactions were the run's own requests besides its load: ") + OwnCallsList(ownCalls));
        }

        if (matched.Count > 0)
        {
            sentences.Add($"matched: {string.Join(", ", matched)}");
        }

        return sentences;
    }

    /// <summary>Each kind of own request with its count, and those that did not succeed by outcome: "the table's creation 1, --verify's count (a request a page) 3".</summary>
    public static string OwnCallsList(IReadOnlyList<OwnCallCount> ownCalls) => string.Join(", ", ownCalls.GroupBy(c => c.Call).Select(g =>
    {
        var failed = g.Where(c => c.Outcome != BatchOutcome.Succeeded.ToSnakeCase()).Select(c => Invariant($"{c.Requests} {c.Outcome}")).ToList();
        return Invariant($"{OwnCallNames.Words(g.Key)} {g.Sum(c => c.Requests)}") + (failed.Count > 0 ? $" ({string.Join(", ", failed)})" : "");
    }));

    private static string More(ResponseType type, long more, long seen, string names, long retries) => type switch
    {
        ResponseType.Success => Invariant($"the service counted {more} Success more than TableLoad's {seen} succeeded: ")
            + "answers lost on the way, or the pages of queries and the reads of read-modify-writes, each a transaction of its own",
        ResponseType.ClientTimeoutError => Invariant($"the service counted {more} ClientTimeoutError that TableLoad never saw answered: requests the client gave up on"),
        ResponseType.ServerBusyError or ResponseType.ServerTimeoutError or ResponseType.ClientThrottlingError => Invariant($"the service counted {more} {type.Name()} more than TableLoad's {seen} {names}: ")
            + (retries > 0 ? "throttled attempts TableLoad retried, which it counts by the request's last answer" : "throttled requests TableLoad did not count in these minutes"),
        ResponseType.ServerOtherError or ResponseType.ClientOtherError or ResponseType.AuthorizationError or ResponseType.NetworkError =>
            Invariant($"the service counted {more} {type.Name()} more than TableLoad's {seen}{(names.Length > 0 ? " " + names : "")}"),
    };

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
