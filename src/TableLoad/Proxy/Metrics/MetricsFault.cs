namespace TableLoad.Proxy.Metrics;

/// <summary>How the proxy's metrics endpoint fails, so that a client's handling of each failure can be tested (<c>--metrics-fault</c>).</summary>
internal enum MetricsFault
{
    None,

    /// <summary>403 AuthorizationFailed: the caller lacks a role that reads metrics.</summary>
    Forbidden,

    /// <summary>404 ResourceNotFound: no such resource.</summary>
    NotFound,

    /// <summary>529: the metrics API is overloaded, on every call.</summary>
    Overloaded,

    /// <summary>200 with a JSON body that is not the metrics answer's shape, as a gateway or a changed API might send.</summary>
    Malformed,
}

internal static class MetricsFaultNames
{
    public static IReadOnlyList<MetricsFault> All { get; } = Enum.GetValues<MetricsFault>();

    public static string ToName(this MetricsFault fault) => fault switch
    {
        MetricsFault.None => "none",
        MetricsFault.Forbidden => "forbidden",
        MetricsFault.NotFound => "not-found",
        MetricsFault.Overloaded => "overloaded",
        MetricsFault.Malformed => "malformed",
    };

    public static bool TryParse(string? name, out MetricsFault fault)
    {
        foreach (var candidate in All)
        {
            if (string.Equals(candidate.ToName(), name, StringComparison.OrdinalIgnoreCase))
            {
                fault = candidate;
                return true;
            }
        }

        fault = default;
        return false;
    }
}
