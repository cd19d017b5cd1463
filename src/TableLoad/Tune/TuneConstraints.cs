namespace TableLoad.Tune;

/// <summary>What a configuration must hold to be recommended; throughput is maximised under them.</summary>
internal sealed record TuneConstraints(TimeSpan? P99, double MaxThrottledPercent, double MaxFailedPercent)
{
    public const double DefaultMaxThrottledPercent = 1;
    public const double DefaultMaxFailedPercent = 1;
}
