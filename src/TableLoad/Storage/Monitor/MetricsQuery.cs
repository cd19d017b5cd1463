using System.Globalization;

namespace TableLoad.Storage.Monitor;

/// <summary>One call of the metrics REST API: which metrics, over which minutes, aggregated how, split by which dimension.</summary>
/// <param name="Start">The first minute, inclusive.</param>
/// <param name="End">The end, exclusive: the minute after the last one asked for.</param>
/// <param name="SplitBy">The dimension every value of which gets its own series (<c>$filter=ResponseType eq '*'</c>); null for none.</param>
/// <param name="Scope">A dimension's one value the answer is filtered to (<c>CollectionName eq 'table'</c>); null for the whole resource.</param>
internal sealed record MetricsQuery(IReadOnlyList<string> Metrics, DateTimeOffset Start, DateTimeOffset End, IReadOnlyList<string> Aggregations, string? SplitBy, MetricScope? Scope = null)
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
        var clauses = new List<string>();
        if (Scope is { } scope)
        {
            clauses.Add($"{scope.Dimension} eq '{scope.Value.Replace("'", "''", StringComparison.Ordinal)}'");
        }

        if (SplitBy is not null)
        {
            clauses.Add($"{SplitBy} eq '*'");
        }

        if (clauses.Count > 0)
        {
            query.Add("$filter=" + Uri.EscapeDataString(string.Join(" and ", clauses)));
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

        string? splitBy = null;
        MetricScope? scope = null;
        foreach (var clause in (parameter("$filter") ?? "").Split(" and ", StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            var parts = clause.Split(" eq ", 2, StringSplitOptions.TrimEntries);
            var value = parts.Length == 2 ? parts[1].Trim('\'').Replace("''", "'", StringComparison.Ordinal) : "*";
            if (value == "*")
            {
                splitBy = parts[0];
            }
            else
            {
                scope = new MetricScope(parts[0], value);
            }
        }

        var aggregations = parameter("aggregation") is { Length: > 0 } given ? given.Split(',', StringSplitOptions.TrimEntries) : ["Average"];
        return new MetricsQuery(names.Split(',', StringSplitOptions.TrimEntries), start, end, aggregations, splitBy, scope);
    }

    /// <summary>Whether the query asked for <paramref name="aggregation"/> (<c>Count</c>, <c>Total</c>, ...).</summary>
    public bool Asks(string aggregation) => Aggregations.Contains(aggregation, StringComparer.OrdinalIgnoreCase);

    private static string Iso(DateTimeOffset time) => time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture);
}

/// <summary>The one value of one dimension a query is filtered to: <c>CollectionName eq 'table'</c>.</summary>
internal sealed record MetricScope(string Dimension, string Value);
