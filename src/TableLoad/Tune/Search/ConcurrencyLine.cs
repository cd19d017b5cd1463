using TableLoad.Storage;

namespace TableLoad.Tune.Search;

/// <summary>
/// The probes at one process count and one batch size, along which only the tasks vary: the line the search
/// climbs, brackets and fits the Universal Scalability Law to.
/// </summary>
internal readonly record struct ConcurrencyLine(int Processes, Batching BatchSize)
{
    public static ConcurrencyLine Of(TunedProbe probe) => new(probe.Knobs.Processes, probe.Knobs.BatchSize);

    public TuneKnobs At(int tasks) => new(Processes, tasks, BatchSize);

    /// <summary>The line's probes, fewest tasks first.</summary>
    public IReadOnlyList<TunedProbe> Probes(IEnumerable<TunedProbe> all)
    {
        var line = this;
        return [.. all.Where(p => Of(p) == line).OrderBy(p => p.Knobs.Tasks)];
    }

    /// <summary>The line's highest-throughput probe that meets every constraint; the earlier one on a tie.</summary>
    public TunedProbe? Best(IEnumerable<TunedProbe> all) => TuneObjective.Best(Probes(all));

    /// <summary>The line's probe with the most tasks below <paramref name="probe"/>'s.</summary>
    public TunedProbe? Below(IEnumerable<TunedProbe> all, TunedProbe probe) =>
        Probes(all).LastOrDefault(p => p.Knobs.Tasks < probe.Knobs.Tasks);
}
