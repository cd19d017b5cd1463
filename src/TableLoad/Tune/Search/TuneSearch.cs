namespace TableLoad.Tune.Search;

/// <summary>
/// The search for the knobs of highest throughput that meet every constraint. (a) Climb: one process, the largest
/// batch size allowed, tasks 1, 4, 16, 64, 256 (quadrupling, to <see cref="TuneSpace.MaxTasks"/>) until a
/// constraint breaks or throughput grows less than 10% in a step; when one task already breaks one, each smaller
/// batch size is tried at one task first. (b) Refine (<see cref="ConcurrencyRefiner"/>): between the best probe and
/// the first above it that broke a constraint, aim 3% under where that constraint is estimated to start breaking
/// (the broken probe's throttled or saturated rate over the best's rate per task; p99 as a straight line between
/// the two), until the best is within 5% of the estimate (bisecting while wider than 25% when there is none); where
/// throughput stopped growing instead, probe the peak concurrency of the Universal Scalability Law fitted to the
/// line, when it promises 5% more. (c) Batch size: smaller sizes of the 1-2-5 ladder (or the user's list) with the
/// same entities in flight, while each gains 3%; when throttling is the limit instead (a rate in entities/s), at
/// most two smaller sizes with more tasks, aimed just under that rate, to fill the gap whole
/// tasks of the larger size leave under it (<see cref="FinerGrainAsync"/>). (d) Processes, only when the client saturated above the best or the best used every task allowed: add
/// processes with the best's tasks on each while each gains 10%; with every process, probe the entities in flight
/// that saturated one and refine again. The answer is the cheapest probe that meets whose throughput is within noise
/// of the best's (<see cref="NoiseRule"/>); the limit is what the probe just
/// above it shows (<see cref="TuneCeiling"/>). Every choice follows from the probes' figures alone, so the same
/// answers replay the same path.
/// </summary>
internal sealed class TuneSearch(TuneSpace space, TuneConstraints constraints, TuneBudget budget, TimeProvider time)
{
    /// <summary>Each climbing step multiplies the tasks by this: 1..256 in five probes.</summary>
    public const int ClimbFactor = 4;

    /// <summary>A climbing step that grows throughput less than this ends the climb.</summary>
    public const double ClimbGrowth = 1.10;

    /// <summary>A smaller batch size is kept, and the next tried, when it gains this much: more than probe noise.</summary>
    public const double BatchSizeGain = 1.03;

    /// <summary>An added process is kept, and the next tried, when it gains this much.</summary>
    public const double ProcessGain = 1.10;

    /// <summary>Smaller batch sizes tried to come closer to a throttling or saturation cap.</summary>
    public const int FinerSizes = 2;

    /// <summary>A best this near the cap leaves nothing worth a probe.</summary>
    public const double CloseToCap = 0.95;

    private readonly ConcurrencyRefiner _refiner = new(space, constraints);

    /// <param name="closeCall">Decides a cheaper choice within noise of the best by rounds of the two (<see cref="CheaperChoice.Rounds"/>); null to keep it as the assumed share made it.</param>
    public async Task<TuneOutcome> RunAsync(IProbeRunner probes, Func<TunedProbe, Task>? onProbe, CancellationToken cancellationToken, Func<CheaperChoice, Task<CheaperChoice>>? closeCall = null)
    {
        var session = new ProbeSession(probes, onProbe, constraints, budget, time, cancellationToken);
        var climb = await ClimbAsync(session).ConfigureAwait(false);
        if (climb is { } line)
        {
            await _refiner.RefineAsync(session, line).ConfigureAwait(false);
            await BatchSizesAsync(session, line).ConfigureAwait(false);
            await ProcessesAsync(session, line).ConfigureAwait(false);
        }

        var cheaper = NoiseRule.Cheaper(session.Probes, TuneObjective.Best(session.Probes));
        if (cheaper is not null && closeCall is not null && session.Stopped is null)
        {
            cheaper = await closeCall(cheaper).ConfigureAwait(false);
        }

        var best = cheaper?.Winner ?? TuneObjective.Best(session.Probes);
        var stop = session.Stopped ?? TuneStop.Finished;
        var fit = climb is { } climbed ? ConcurrencyRefiner.Fit(session.Probes, climbed) : null;
        return new TuneOutcome(session.Probes, best, fit, TuneLimitFinder.Find(session.Probes, best, climb, fit, stop), stop, cheaper);
    }

    // The line climbed, or null when no batch size met the constraints at one task (or the search stopped first).
    private async Task<ConcurrencyLine?> ClimbAsync(ProbeSession session)
    {
        TunedProbe? last = null;
        foreach (var size in BatchSizeLadder.Of(space))
        {
            last = await session.ProbeAsync(new TuneKnobs(1, 1, size), last is null ? TuneSteps.Climb : TuneSteps.Descend).ConfigureAwait(false);
            if (last is null or { Verdict: ProbeVerdict.Meets })
            {
                break;
            }
        }

        if (last is not { Verdict: ProbeVerdict.Meets })
        {
            return null;
        }

        var line = ConcurrencyLine.Of(last);
        while (last.Knobs.Tasks < space.MaxTasks)
        {
            var next = await session.ProbeAsync(line.At(Math.Min(last.Knobs.Tasks * ClimbFactor, space.MaxTasks)), TuneSteps.Climb).ConfigureAwait(false);
            if (next is not { Verdict: ProbeVerdict.Meets } || TuneObjective.Throughput(next) < ClimbGrowth * TuneObjective.Throughput(last))
            {
                break;
            }

            last = next;
        }

        return line;
    }

    // Not against a rate in entities/s (the service's throttling, the client's saturation): smaller batches cannot raise it.
    /// <summary>
    /// Throttling caps entities per second, which smaller batches cannot raise; but when one
    /// more task of the best's batch size breaks the cap, whole tasks leave a gap under it, and smaller batches with
    /// more tasks come closer. Each smaller size (at most <see cref="FinerSizes"/>) is aimed just under the rate the
    /// target stored while it throttled, one task fewer when that breaks the cap; the best so far stays the answer.
    /// </summary>
    private async Task FinerGrainAsync(ProbeSession session, TunedProbe best, TunedProbe capped)
    {
        var cap = TuneObjective.Throughput(capped);
        var current = best;
        foreach (var size in BatchSizeLadder.Below(space, best.Knobs.BatchSize).Take(FinerSizes))
        {
            if (TuneObjective.Throughput(current) >= CloseToCap * cap)
            {
                return;
            }

            // Per task, a smaller batch carries proportionally fewer entities (its shorter latency only helps).
            var perTask = TuneObjective.Throughput(current) / current.Knobs.Tasks * size.Size / current.Knobs.BatchSize.Size;
            var tasks = Math.Clamp((int)Math.Floor(ConcurrencyRefiner.Margin * cap / perTask), 1, space.MaxTasks);
            var probe = await session.ProbeAsync(current.Knobs with { Tasks = tasks, BatchSize = size }, TuneSteps.FinerGrain).ConfigureAwait(false);
            if (probe is { Verdict: not ProbeVerdict.Meets } && tasks > 1 && !session.Tried(probe.Knobs with { Tasks = tasks - 1 }))
            {
                probe = await session.ProbeAsync(probe.Knobs with { Tasks = tasks - 1 }, TuneSteps.FinerGrain).ConfigureAwait(false);
            }

            if (probe is null)
            {
                return;
            }

            if (probe.Verdict == ProbeVerdict.Meets && TuneObjective.Throughput(probe) > TuneObjective.Throughput(current))
            {
                current = probe;
            }
        }
    }

    private async Task BatchSizesAsync(ProbeSession session, ConcurrencyLine climb)
    {
        if (TuneObjective.Best(session.Probes) is not { } current)
        {
            return;
        }

        switch (TuneCeiling.Above(session.Probes, current, climb))
        {
            case { Verdict: ProbeVerdict.Throttled } capped:
                await FinerGrainAsync(session, current, capped).ConfigureAwait(false);
                return;
            case { Verdict: ProbeVerdict.ClientSaturated }:
                // Smaller batches cost the client more per entity: they cannot come closer to its saturation.
                return;
        }

        foreach (var size in BatchSizeLadder.Below(space, current.Knobs.BatchSize))
        {
            var inFlight = (double)current.Knobs.Tasks * current.Knobs.BatchSize.Size;
            var tasks = Math.Clamp((int)Math.Round(inFlight / size.Size), 1, space.MaxTasks);
            var probe = await session.ProbeAsync(current.Knobs with { Tasks = tasks, BatchSize = size }, TuneSteps.BatchSize).ConfigureAwait(false);
            if (probe is not { Verdict: ProbeVerdict.Meets } || TuneObjective.Throughput(probe) < BatchSizeGain * TuneObjective.Throughput(current))
            {
                return;
            }

            current = probe;
        }
    }

    private async Task ProcessesAsync(ProbeSession session, ConcurrencyLine climb)
    {
        if (TuneObjective.Best(session.Probes) is not { } best)
        {
            return;
        }

        var ceiling = TuneCeiling.Above(session.Probes, best, climb);
        var outOfTasks = ceiling is null && best.Knobs.Tasks == space.MaxTasks
            && TuneCeiling.StillGrowing(best, ConcurrencyRefiner.Fit(session.Probes, climb));
        if (ceiling is not { Verdict: ProbeVerdict.ClientSaturated } && !outOfTasks)
        {
            return;
        }

        var current = best;
        for (var processes = best.Knobs.Processes + 1; processes <= space.MaxProcesses; processes++)
        {
            var probe = await session.ProbeAsync(best.Knobs with { Processes = processes }, TuneSteps.Processes).ConfigureAwait(false);
            if (probe is not { Verdict: ProbeVerdict.Meets } || TuneObjective.Throughput(probe) < ProcessGain * TuneObjective.Throughput(current))
            {
                return;
            }

            current = probe;
        }

        if (current == best || ceiling is not { Verdict: ProbeVerdict.ClientSaturated } saturated)
        {
            return;
        }

        // With every process allowed: does the client still saturate at the entities in flight that saturated one?
        var line = ConcurrencyLine.Of(current);
        var saturating = Math.Min((int)Math.Round((double)saturated.Knobs.Tasks * saturated.Knobs.BatchSize.Size / current.Knobs.BatchSize.Size), space.MaxTasks);
        if (saturating <= current.Knobs.Tasks
            || await session.ProbeAsync(line.At(saturating), TuneSteps.Processes).ConfigureAwait(false) is null)
        {
            return;
        }

        await _refiner.RefineAsync(session, line).ConfigureAwait(false);
    }
}
