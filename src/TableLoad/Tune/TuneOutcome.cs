namespace TableLoad.Tune;

/// <summary>
/// Everything the search found: every probe in order, the best one that meets every constraint (null when
/// none does), the fitted model, what limits throughput, and why the search stopped.
/// </summary>
internal sealed record TuneOutcome(IReadOnlyList<TunedProbe> Probes, TunedProbe? Best, UslFit? Fit, TuneLimit Limit, TuneStop Stop);

internal enum TuneStop
{
    Finished,
    Budget,
    Interrupted,
}
