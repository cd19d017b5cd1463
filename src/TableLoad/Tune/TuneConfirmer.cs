using Microsoft.Extensions.Logging;
using TableLoad.ChildRuns;
using TableLoad.Measurement.Gates;
using TableLoad.Sweep;
using TableLoad.Tune.Search;

namespace TableLoad.Tune;

/// <summary>
/// Runs the best probes again, for longer: the first whose confirm runs all meet the constraints is the
/// recommendation. A probe that met them only for its short run (a burst the target allowed, say) is set aside
/// for the next best, at most <see cref="MostCandidates"/> in all and only while the budget holds their runs; when
/// none holds, one step below the best (a task fewer, or a smaller batch) is confirmed without a probe of its own.
/// Confirm runs go on past <c>--confirm</c> while their e/s interval is wide and the budget allows.
/// </summary>
internal sealed class TuneConfirmer(TuneSettings settings, CellProbeRunner probes, RowsCsvFile<TuneRow> csv, List<TuneRow> rows, TextWriter output, ILogger log)
{
    public const int MostCandidates = 3;

    /// <summary>Confirm runs go on while the half-width of their e/s interval is over this share of their mean.</summary>
    public const double WidestHalfWidth = 0.10;

    /// <summary>At most this many confirm runs beyond <c>--confirm</c>.</summary>
    public const int MostExtraRuns = 3;

    /// <summary>The confirmed choice; null when the user stopped the confirm runs or no probe met the constraints.</summary>
    /// <param name="timeLeft">The budget left now.</param>
    public async Task<TuneChoice?> ConfirmAsync(TuneOutcome outcome, Func<TimeSpan> timeLeft, ChildRunSignals signals)
    {
        // The search's answer first (the cheapest within noise of the best), then the others by throughput.
        var candidates = outcome.Probes.Where(p => p.Verdict == ProbeVerdict.Meets)
            .OrderByDescending(p => p == outcome.Best).ThenByDescending(p => p.Figures!.EntitiesPerSecond).ThenBy(p => p.Ordinal).Take(MostCandidates).ToList();
        var setAside = new List<TunedProbe>();
        TuneChoice? first = null;
        foreach (var candidate in candidates)
        {
            if (first is not null && timeLeft() < settings.Confirm * settings.ConfirmTime)
            {
                log.LogWarning("{Sentence}", $"The budget leaves no time to confirm the next best probe, {candidate.Knobs}.");
                break;
            }

            var runs = await RunsAsync(candidate, outcome.Probes.Count, signals, timeLeft).ConfigureAwait(false);
            if (runs is null)
            {
                return null;
            }

            var choice = Choice(candidate, runs, setAside);
            if (choice.ConstraintsHeld(settings.Confirm))
            {
                return choice;
            }

            first ??= choice;
            setAside.Add(candidate);
            log.LogWarning("{Sentence}", $"{candidate.Knobs} broke a constraint in its confirm runs (see tune.csv); the next best probe is confirmed instead.");
        }

        if (first is not null && StepDown(first.Probe.Knobs) is { } lower && timeLeft() >= settings.Confirm * settings.ConfirmTime)
        {
            // Every candidate passed its short probe on a burst the target allowed: one step below the best is confirmed.
            log.LogWarning("{Sentence}", $"No probe held the constraints in its confirm runs; confirming one step below the best, {lower}.");
            var stepped = new TunedProbe(outcome.Probes.Count + 1, lower, null, ProbeVerdict.Meets, TuneSteps.StepDown);
            if (await RunsAsync(stepped, outcome.Probes.Count, signals, timeLeft).ConfigureAwait(false) is not { } runs)
            {
                return null;
            }

            var choice = Choice(stepped, runs, setAside);
            if (choice.ConstraintsHeld(settings.Confirm))
            {
                return choice;
            }
        }

        // None held: the best is recommended all the same, marked so, rather than nothing at all.
        return first;
    }

    private static TuneChoice Choice(TunedProbe probe, IReadOnlyList<TuneRow> runs, List<TunedProbe> setAside) =>
        new(probe, runs, [.. runs.Select(r => ProbeFiguresReader.From(r.Row))], [.. setAside]);

    /// <summary>
    /// After <c>--confirm</c> runs that all met the constraints, another while the e/s interval is wider than
    /// <see cref="WidestHalfWidth"/> of the mean, at most <see cref="MostExtraRuns"/> more, and only while the budget holds one.
    /// </summary>
    private bool WantsAnother(IReadOnlyList<TuneRow> runs, int run, Func<TimeSpan> timeLeft)
    {
        if (run <= settings.Confirm)
        {
            return true;
        }

        if (run > settings.Confirm + MostExtraRuns || runs.Count < 2 || runs.Any(r => r.Verdict != ProbeVerdict.Meets) || timeLeft() < settings.ConfirmTime)
        {
            return false;
        }

        var estimate = TuneNoise.Estimate([.. runs.Select(r => ProbeFiguresReader.From(r.Row))]);
        var (low, high) = estimate.Interval(TuneNoise.Level);
        return (high - low) / 2 > WidestHalfWidth * Math.Abs(estimate.Value);
    }

    /// <summary>One task fewer, or at one task the next smaller batch size; null at the smallest.</summary>
    private TuneKnobs? StepDown(TuneKnobs knobs) =>
        knobs.Tasks > 1 ? knobs with { Tasks = knobs.Tasks - 1 }
        : BatchSizeLadder.Below(settings.Space, knobs.BatchSize).Select(size => (TuneKnobs?)(knobs with { BatchSize = size })).FirstOrDefault();

    /// <summary>The confirm runs of <paramref name="candidate"/>, those tune.csv already holds included; null when the user stopped them.</summary>
    private async Task<IReadOnlyList<TuneRow>?> RunsAsync(TunedProbe candidate, int probeCount, ChildRunSignals signals, Func<TimeSpan> timeLeft)
    {
        var runs = new List<TuneRow>();
        for (var run = 1; WantsAnother(runs, run, timeLeft); run++)
        {
            var pass = run + 1;
            var row = rows.FirstOrDefault(r => r.Role == TuneRow.ConfirmRole && r.Knobs == candidate.Knobs && r.Row.Cell.Repeat == pass);
            if (row is null)
            {
                SweepRow? ran;
                try
                {
                    ran = signals.Interrupted ? throw new OperationCanceledException() : await probes.ConfirmAsync(candidate.Knobs, pass).ConfigureAwait(false);
                }
                catch (OperationCanceledException)
                {
                    return null;
                }

                if (ran is null)
                {
                    log.LogWarning("{Sentence}", $"confirm run {run} of {settings.Cell(candidate.Knobs, pass).Name} ended without figures; see its folder.");
                    continue;
                }

                var ordinal = probeCount + rows.Count(r => r.Role == TuneRow.ConfirmRole) + 1;
                row = new TuneRow(ran, TuneRow.ConfirmRole, TuneRow.ConfirmStep, ProbeJudge.Judge(ProbeFiguresReader.From(ran), settings.Constraints), ordinal);
                csv.Append(row);
                rows.Add(row);
            }

            runs.Add(row);
            var what = run <= settings.Confirm ? $"confirm {run}/{settings.Confirm}" : $"confirm {run} (the e/s interval was wider than ±{WidestHalfWidth * 100:0}%)";
            await output.WriteLineAsync(TuneLines.Probe(what, candidate.Knobs, ProbeFiguresReader.From(row.Row), row.Verdict)).ConfigureAwait(false);
        }

        return runs;
    }
}

/// <summary>The probe chosen, its confirm runs and their figures, and the better probes set aside because theirs broke a constraint.</summary>
internal sealed record TuneChoice(TunedProbe Probe, IReadOnlyList<TuneRow> Runs, IReadOnlyList<ProbeFigures> Figures, IReadOnlyList<TunedProbe> SetAside)
{
    public bool ConstraintsHeld(int confirm) => Runs.Count >= confirm && Runs.All(r => r.Verdict == ProbeVerdict.Meets);

    /// <summary>The recommendation's entities/s: its confirm runs' mean (repeats from two on), or its probe's when every confirm run failed.</summary>
    public FigureEstimate Estimate => Figures.Count > 0 ? TuneNoise.Estimate(Figures) : TuneNoise.Estimate(Probe.Figures!);
}
