
namespace TableLoad.Measurement.Service;

/// <summary>
/// summary.json's <c>service.log</c>: the service's request log joined with the run's requests by client request id, and each joined
/// request's latency split into the service's, the transfer's and the client's own share. Recomputed from the log, never merged.
/// </summary>
internal sealed record ServiceLogSummary
{
    /// <summary>Why the log could not be read at all (its container does not exist, no access); null when it was read. The counts are then naught.</summary>
    [Merge(MergeRule.Derived)]
    public string? Unavailable { get; init; }

    /// <summary>The log's records that were read (every format's).</summary>
    [Merge(MergeRule.Derived)]
    public required long Records { get; init; }

    /// <summary>The run's requests (warm-up included) that found their record(s).</summary>
    [Merge(MergeRule.Derived)]
    public required long Joined { get; init; }

    /// <summary>Records naming no request of the run: another client's, the table's creation, a read-back.</summary>
    [Merge(MergeRule.Derived)]
    public required long Unjoined { get; init; }

    /// <summary>The run's requests that no record named.</summary>
    [Merge(MergeRule.Derived)]
    public required long Unlogged { get; init; }

    /// <summary>Lines of the log that were no record of either format.</summary>
    [Merge(MergeRule.Derived)]
    public required long Unreadable { get; init; }

    /// <summary>The distributions of the measured joined requests' three shares.</summary>
    [Merge(MergeRule.Derived)]
    public required LatencyShares SharesMs { get; init; }

    /// <summary>What the client's p99 is made of: the p99 split in the proportions of the mean shares of the requests at or above it.</summary>
    [Merge(MergeRule.Derived)]
    public required TailShares P99RequestsMs { get; init; }

    /// <summary>The minutes (UTC, <c>yyyy-MM-ddTHH:mmZ</c>) in which the run sent requests and the log holds no record.</summary>
    [Merge(MergeRule.Derived)]
    public required IReadOnlyList<string> MissingMinutes { get; init; }

    public static ServiceLogSummary NotRead(string why) => new()
    {
        Unavailable = why,
        Records = 0,
        Joined = 0,
        Unjoined = 0,
        Unlogged = 0,
        Unreadable = 0,
        SharesMs = new LatencyShares(new ShareFigures(0, 0, 0), new ShareFigures(0, 0, 0), new ShareFigures(0, 0, 0)),
        P99RequestsMs = new TailShares(0, 0, 0, 0, 0),
        MissingMinutes = [],
    };
}

/// <summary>Each share's distribution over the joined requests, in milliseconds.</summary>
internal sealed record LatencyShares(ShareFigures Service, ShareFigures Transfer, ShareFigures Client);

/// <summary>One share's median, 99th percentile and mean, in milliseconds.</summary>
internal sealed record ShareFigures(double P50, double P99, double Mean);

/// <summary>The client's p99 and its three parts, which add up to it, in milliseconds.</summary>
internal sealed record TailShares(long Requests, double ClientP99, double Service, double Transfer, double Client);
