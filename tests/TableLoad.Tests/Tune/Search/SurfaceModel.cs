using TableLoad.Tune;

namespace TableLoad.Tests.Tune.Search;

/// <summary>A synthetic response surface: the figures a probe would measure at any knobs, free of noise, and the limit it imposes.</summary>
internal sealed record SurfaceModel(string Name, Func<TuneKnobs, ProbeFigures> Truth, TuneConstraints Constraints, TuneLimitKind Limit)
{
    public override string ToString() => Name;

    /// <summary>The best knobs that meet the constraints, by trying every one in the space; null when none does.</summary>
    public (TuneKnobs Knobs, double EntitiesPerSecond)? Optimum(TuneSpace space)
    {
        (TuneKnobs Knobs, double EntitiesPerSecond)? best = null;
        foreach (var size in space.BatchSizes ?? [.. Enumerable.Range(1, TuneSpace.MaxBatchSize)])
        {
            for (var processes = 1; processes <= space.MaxProcesses; processes++)
            {
                for (var tasks = 1; tasks <= space.MaxTasks; tasks++)
                {
                    var knobs = new TuneKnobs(processes, tasks, size);
                    var figures = Truth(knobs);
                    if (ProbeJudge.Judge(figures, Constraints) == ProbeVerdict.Meets && figures.EntitiesPerSecond > (best?.EntitiesPerSecond ?? 0))
                    {
                        best = (knobs, figures.EntitiesPerSecond);
                    }
                }
            }
        }

        return best;
    }
}
