namespace TableLoad.Tune;

/// <summary>What stopped throughput from growing further, and the probe that shows it.</summary>
internal sealed record TuneLimit(TuneLimitKind Kind, TunedProbe? Evidence);

internal enum TuneLimitKind
{
    /// <summary>The service throttled: a partition's or the account's scalability target.</summary>
    Service,

    /// <summary>Request units per second crossed <c>--max-ru</c>, the account's provisioned RU/s.</summary>
    RequestUnits,

    /// <summary>p99 latency crossed <c>--p99</c> before throughput stopped growing.</summary>
    Latency,

    /// <summary>The client saturated at the most processes allowed.</summary>
    Client,

    /// <summary>Failed entities over the allowed share.</summary>
    Failures,

    /// <summary>Throughput was still growing at <c>--max-tasks</c> and <c>--max-processes</c>.</summary>
    SearchSpace,

    /// <summary>Throughput stopped growing with no constraint broken: the service's capacity at this shape of load.</summary>
    Plateau,

    /// <summary>The budget ran out before any of the above was found.</summary>
    Budget,
}
