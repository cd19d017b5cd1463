namespace TableLoad.Tune;

/// <summary>What a configuration must hold to be recommended; throughput is maximised under them.</summary>
/// <param name="MaxRequestUnitsPerSecond">The account's provisioned RU/s (--max-ru): a probe that spends more breaks it; null for no such constraint.</param>
internal sealed record TuneConstraints(TimeSpan? P99, double MaxThrottledPercent, double MaxFailedPercent, double? MaxRequestUnitsPerSecond = null)
{
    public const double DefaultMaxThrottledPercent = 1;
    public const double DefaultMaxFailedPercent = 1;
}
