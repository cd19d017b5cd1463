using System.Globalization;

namespace TableLoad.Storage.Monitor;

/// <summary>One call of the metrics REST API: which metrics, over which minutes, aggregated how, split by which dimension.</summary>
/// <param name="Start">The first minute, inclusive.</param>
/// <param name="End">The end, exclusive: the minute after the last one asked for.</param>
/// <param name="SplitBy">The dimension every value of which gets its own series (<c>$filter=ResponseType eq '*'</c>); null for none.</param>
internal sealed record MetricsQuery(IReadOnlyList<string> Metrics, DateTimeOffset Start, DateTimeOffset End, IReadOnlyList<string> Aggregations, string? SplitBy)
{
    /// <summary>The one grain TableLoad reads.</summary>
    public const string Interval = "PT1M";

    /// <summary>The ISO 8601 interval of the <c>timespan</c> parameter.</summary>
    public string Timespan => $"{Iso(Start)}/{Iso(End)}";

    /// <summary>The path and query after the endpoint: <c>{resource}/providers/Microsoft.Insights/metrics?metricnames=…</c>.</summary>
    public string PathAndQuery(string resourceId)
    {
        var query = new List<string>
        {
            "metricnames=" + Uri.EscapeDataString(string.Join(',', Metrics)),
            "timespan=" + Uri.EscapeDataString(Timespan),
            "interval=" + Interval,
            "aggregation=" + Uri.EscapeDataString(string.Join(',', Aggregations)),
        };
        if (SplitBy is not null)
        {
            query.Add("$filter=" + Uri.EscapeDataString($"{SplitBy} eq '*'"));
        }

        query.Add("api-version=" + MonitorMetric.ApiVersion);
        return resourceId.TrimEnd('/') + MonitorMetric.PathSuffix + "?" + string.Join('&', query);
    }

    /// <summary>Reads the query's parameters as the API takes them; null when one is missing or unreadable.</summary>
    public static MetricsQuery? Parse(Func<string, string?> parameter)
    {
        var names = parameter("metricnames");
        var span = parameter("timespan")?.Split('/');
        if (names is not { Length: > 0 } || span is not { Length: 2 }
            || !DateTimeOffset.TryParse(span[0], CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal, out var start)
            || !DateTimeOffset.TryParse(span[1], CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal, out var end)
            || end <= start)
        {
            return null;
        }

        var filter = parameter("$filter");
        var splitBy = filter is null ? null : filter.Split(" eq ", 2)[0].Trim();
        var aggregations = parameter("aggregation") is { Length: > 0 } given ? given.Split(',', StringSplitOptions.TrimEntries) : ["Average"];
        return new MetricsQuery(names.Split(',', StringSplitOptions.TrimEntries), start, end, aggregations, splitBy);
    }

    private static string Iso(DateTimeOffset time) => time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture);
}
