using System.Globalization;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;

namespace TableLoad.Service.Cosmos;

/// <summary>
/// Sets a Cosmos DB account's requests beside the client's of the same minutes, status code by outcome, its request units beside
/// the charges the client read, and its hottest partition key range beside the mean of its ranges; each difference in a sentence.
/// </summary>
internal static class CosmosReconciliation
{
    /// <summary>The hottest range at this many times the ranges' mean is a hot partition: with the load spread evenly they are alike.</summary>
    public const double HotPartitionRatio = 1.5;

    /// <param name="client">The client's requests of the same minutes by outcome.</param>
    /// <param name="retries">Attempts beyond each request's first: requests to the service that the client counts once.</param>
    public static IReadOnlyList<string> Sentences(CosmosSummary service, Func<BatchOutcome, long> client, long retries)
    {
        var sentences = new List<string>();
        var matched = new List<string>();
        foreach (var status in CosmosStatuses.All)
        {
            var codes = service.StatusCodes.Where(c => CosmosStatuses.Of(c.Key) == status).OrderBy(c => c.Key, StringComparer.Ordinal).ToList();
            var counted = codes.Sum(c => c.Value);
            var outcomes = CosmosStatuses.Outcomes(status);
            var seen = outcomes.Sum(client);
            var label = codes.Count > 0 ? string.Join("/", codes.Select(c => c.Key)) : Label(status);
            var names = string.Join(" or ", outcomes.Select(o => o.ToSnakeCase()));
            if (counted == seen)
            {
                if (counted > 0)
                {
                    matched.Add(Invariant($"{label} {counted} = {names}"));
                }

                continue;
            }

            sentences.Add(counted > seen
                ? Invariant($"the service counted {counted - seen} {label} more than TableLoad's {seen} {names}: ") + WhyMore(status, retries)
                : Invariant($"TableLoad counted {seen - counted} {names} more than the service's {counted} {label}: requests that never reached the service, or answers it counted under another status code"));
        }

        foreach (var unknown in service.StatusCodes.Where(c => CosmosStatuses.Of(c.Key) is null))
        {
            sentences.Add(Invariant($"the service counted {unknown.Value} requests of status '{unknown.Key}', which TableLoad has no outcome for"));
        }

        var unanswered = client(BatchOutcome.ClientTimeout) + client(BatchOutcome.NetworkFailure) + client(BatchOutcome.Abandoned);
        if (unanswered > 0)
        {
            sentences.Add(Invariant($"TableLoad saw {unanswered} requests end without an answer (client_timeout, network_failure or abandoned); the service counted each by the status it answered"));
        }

        if (retries > 0)
        {
            sentences.Add(Invariant($"TableLoad retried {retries} attempts: the service counts each attempt as a request, TableLoad each request once, by its last answer"));
        }

        if (RequestUnitsSentence(service) is { } units)
        {
            (units.Matched ? matched : sentences).Add(units.Text);
        }

        if (service.NormalizedRu is { } normalized)
        {
            sentences.Add(NormalizedSentence(normalized));
        }

        if (matched.Count > 0)
        {
            sentences.Add($"matched: {string.Join(", ", matched)}");
        }

        return sentences;
    }

    /// <summary>The hottest range beside the ranges' mean, and whether that makes a hot partition.</summary>
    public static string NormalizedSentence(NormalizedRu normalized)
    {
        var minute = normalized.Minute.UtcDateTime.ToString("HH:mm", CultureInfo.InvariantCulture);
        if (normalized.Ranges == 1)
        {
            return Invariant($"the one partition key range ({normalized.HottestRange}) peaked at {normalized.HottestPercent:0}% of the RU/s in the minute {minute} UTC");
        }

        return normalized.HottestPercent >= HotPartitionRatio * normalized.MeanPercent && normalized.HottestPercent > 0
            ? Invariant($"one range ({normalized.HottestRange}) at {normalized.HottestPercent:0}% while the account averaged {normalized.MeanPercent:0}% over its {normalized.Ranges} ranges in the minute {minute} UTC: a hot partition; spread the load over more partition keys")
            : Invariant($"the hottest range ({normalized.HottestRange}) peaked at {normalized.HottestPercent:0}% while the account's {normalized.Ranges} ranges averaged {normalized.MeanPercent:0}% in the minute {minute} UTC: the load is spread over them");
    }

    private static (bool Matched, string Text)? RequestUnitsSentence(CosmosSummary service)
    {
        if (service.RequestUnits is not { } units)
        {
            return null;
        }

        var client = service.ClientRequestUnits;
        // The charges travel as decimals with two places: a difference within their rounding is no difference.
        return Math.Abs(units - client) <= Math.Max(0.01, units * 1e-6)
            ? (true, Invariant($"request units {units:0.##} = request_units"))
            : (false, units > client
                ? Invariant($"the service charged {units - client:#,0.##} RU more than the {client:#,0.##} TableLoad read from its answers: answers TableLoad never read (lost or timed out), or calls on the table that are not the load's")
                : Invariant($"TableLoad read {client - units:#,0.##} RU more from the answers than the service's {units:#,0.##}: charges counted in a neighbouring minute, or headers that are not the service's"));
    }

    private static string WhyMore(CosmosStatus status, long retries) => status switch
    {
        CosmosStatus.TooManyRequests or CosmosStatus.ServiceUnavailable => retries > 0
            ? "throttled attempts TableLoad retried, which it counts by the request's last answer"
            : "throttled requests TableLoad did not count in these minutes",
        CosmosStatus.Success => "answers lost on the way, or the pages of queries and the reads of read-modify-writes, each a request of its own",
        CosmosStatus.NotFound or CosmosStatus.PreconditionFailed or CosmosStatus.OtherClientError or CosmosStatus.OtherServerError =>
            "answers TableLoad counted under another outcome, or requests it never saw answered",
    };

    private static string Label(CosmosStatus status) => status switch
    {
        CosmosStatus.Success => "2xx",
        CosmosStatus.NotFound => "404",
        CosmosStatus.PreconditionFailed => "412",
        CosmosStatus.TooManyRequests => "429",
        CosmosStatus.ServiceUnavailable => "503",
        CosmosStatus.OtherClientError => "4xx",
        CosmosStatus.OtherServerError => "5xx",
    };

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
