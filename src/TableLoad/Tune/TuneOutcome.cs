namespace TableLoad.Tune;

/// <summary>
/// Everything the search found: every probe in order, the best one that meets every constraint (null when
/// none does; the cheapest within noise of the highest throughput), the fitted model, what limits throughput,
/// why the search stopped, and, when a cheaper probe was chosen over the highest throughput, why.
/// </summary>
internal sealed record TuneOutcome(IReadOnlyList<TunedProbe> Probes, TunedProbe? Best, UslFit? Fit, TuneLimit Limit, TuneStop Stop, CheaperChoice? Cheaper = null);

internal enum TuneStop
{
    Finished,
    Budget,
    Interrupted,
}
