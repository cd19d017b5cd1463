namespace TableLoad.Tune;

/// <summary>How a probe stands against the constraints; the first constraint it breaks, in this order.</summary>
internal enum ProbeVerdict
{
    /// <summary>Every constraint holds: a candidate for the recommendation.</summary>
    Meets,

    /// <summary>The run ended without figures.</summary>
    RunFailed,

    /// <summary>More failed entities than <c>--max-failed</c> allows (1%).</summary>
    Failures,

    /// <summary>More throttled batches than <c>--max-throttled</c>.</summary>
    Throttled,

    /// <summary>More request units per second than <c>--max-ru</c>, the account's provisioned RU/s.</summary>
    RequestUnits,

    /// <summary>p99 batch latency over <c>--p99</c>.</summary>
    LatencyOver,

    /// <summary>The saturation guard found the client, not the service, to be the limit.</summary>
    ClientSaturated,
}
