using System.Globalization;
using TableLoad.Measurement;
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
    /// <param name="tableCalls">The service's transactions of calls that are not the load's requests (CreateTable ...), by ApiName.</param>
    public static IReadOnlyList<string> Sentences(IReadOnlyDictionary<string, long> service, Func<BatchOutcome, long> client, long retries, IReadOnlyDictionary<string, long> tableCalls)
    {
        var sentences = new List<string>();
        var matched = new List<string>();
        foreach (var type in ResponseTypes.All)
        {
            var outcomes = ResponseTypeOutcomes.Of(type);
            var counted = service.GetValueOrDefault(type.Name());
            var seen = outcomes.Sum(client);
            var names = outcomes.Count == 0 ? "" : string.Join(" or ", outcomes.Select(o => o.ToSnakeCase()));
            if (counted == seen)
            {
                if (counted > 0)
                {
                    matched.Add(Invariant($"{type.Name()} {counted} = {names}"));
                }

                continue;
            }

            sentences.Add(counted > seen
                ? More(type, counted - seen, seen, names, retries, tableCalls)
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

        if (tableCalls.Count > 0)
        {
            sentences.Add(Invariant($"{tableCalls.Values.Sum()} of the service's transactions were calls on the table, not requests of the load ({string.Join(", ", tableCalls.Select(c => $"{c.Key} {c.Value}"))})"));
        }

        if (matched.Count > 0)
        {
            sentences.Add($"matched: {string.Join(", ", matched)}");
        }

        return sentences;
    }

    private static string More(ResponseType type, long more, long seen, string names, long retries, IReadOnlyDictionary<string, long> tableCalls) => type switch
    {
        ResponseType.Success when more == tableCalls.Values.Sum() => Invariant($"the service counted {more} Success more than TableLoad's {seen} succeeded: its calls on the table in these minutes (below)"),
        ResponseType.Success => Invariant($"the service counted {more} Success more than TableLoad's {seen} succeeded: ")
            + (tableCalls.Count > 0 ? "its calls on the table in these minutes (below), " : "")
            + "answers lost on the way, or the pages of queries and the reads of read-modify-writes, each a transaction of its own",
        ResponseType.ClientTimeoutError => Invariant($"the service counted {more} ClientTimeoutError that TableLoad never saw answered: requests the client gave up on"),
        ResponseType.ServerBusyError or ResponseType.ServerTimeoutError or ResponseType.ClientThrottlingError => Invariant($"the service counted {more} {type.Name()} more than TableLoad's {seen} {names}: ")
            + (retries > 0 ? "throttled attempts TableLoad retried, which it counts by the request's last answer" : "throttled requests TableLoad did not count in these minutes"),
        ResponseType.ServerOtherError or ResponseType.ClientOtherError or ResponseType.AuthorizationError or ResponseType.NetworkError =>
            Invariant($"the service counted {more} {type.Name()} more than TableLoad's {seen}{(names.Length > 0 ? " " + names : "")}"),
    };

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
