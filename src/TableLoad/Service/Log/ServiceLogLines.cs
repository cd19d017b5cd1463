using System.Globalization;
using TableLoad.Measurement.Service;

namespace TableLoad.Service.Log;

/// <summary>What the terminal says of <c>service.log</c>: the counts and what the client's p99 is made of, then its warnings.</summary>
internal static class ServiceLogLines
{
    public static IReadOnlyList<string> Of(ServiceLogSummary log)
    {
        // Its warning said why; counts of nothing read would read as a log of nothing.
        if (log.Unavailable is not null)
        {
            return [];
        }

        var lines = new List<string>
        {
            Say($"service log: {log.Records} records; {log.Joined} of the run's requests joined, {log.Unjoined} records naming no request of the run"),
        };
        var tail = log.P99RequestsMs;
        if (tail.Requests > 0)
        {
            lines.Add(Say($"of the client's p99 of {tail.ClientP99:0.#} ms, the service spent {tail.Service:0.#} ms, the transfer {tail.Transfer:0.#} ms, the client {tail.Client:0.#} ms: {Limit(tail)}"));
        }

        return lines;
    }

    public static IReadOnlyList<string> Warnings(ServiceLogSummary log)
    {
        var warnings = new List<string>();
        if (log.MissingMinutes.Count > 0)
        {
            warnings.Add(Say($"The service's log holds no record of {log.MissingMinutes.Count} minute(s) in which the run sent requests ({string.Join(", ", log.MissingMinutes.Take(5))}{(log.MissingMinutes.Count > 5 ? ", …" : "")}): the log is missing them (not yet written, or not downloaded), and the shares are of the other minutes' requests."));
        }

        if (log.Unlogged > 0 && log.MissingMinutes.Count == 0)
        {
            warnings.Add(Say($"{log.Unlogged} of the run's requests have no record in the service's log: the service did not log them, or never received them."));
        }

        if (log.Unreadable > 0)
        {
            warnings.Add(Say($"{log.Unreadable} lines of the service's log were neither a resource-log JSON record nor a Storage Analytics line, and were skipped."));
        }

        return warnings;
    }

    /// <summary>The share that makes up most of the tail, named as what limits the run.</summary>
    private static string Limit(TailShares tail) =>
        tail.Client >= tail.Service && tail.Client >= tail.Transfer ? "the client or its queue is the limit"
        : tail.Service >= tail.Transfer ? "the service is the limit"
        : "the transfer (the network, the answer's size) is the limit";

    private static string Say(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
