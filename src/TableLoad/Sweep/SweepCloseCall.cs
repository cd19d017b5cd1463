using Microsoft.Extensions.Logging;
using TableLoad.ChildRuns;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Rounds;
using TableLoad.Settings.Gates;

namespace TableLoad.Sweep;

/// <summary>
/// sweep --close-rounds: when the two configurations of highest mean entities/s are within noise of each other (one run each
/// judged by its own interval and the assumed run-to-run share, or their repeats' spread), interleaved rounds of the two decide
/// which is best, or that they stay within noise.
/// </summary>
internal sealed class SweepCloseCall(SweepSettings settings, ICellLauncher launcher, TextWriter output, ILogger log, TimeProvider time)
{
    /// <summary>The line the sweep ends its best cells with; null when there is no close call or its rounds ended without a verdict.</summary>
    public async Task<string?> DecideAsync(IReadOnlyList<SweepRow> rows, ChildRunSignals signals)
    {
        // A configuration's repeats are one candidate, judged by their spread.
        var candidates = rows.Where(r => r.Succeeded > 0 && r.Failed <= SweepTable.HealthyFailedShare * (r.Succeeded + r.Failed))
            .GroupBy(r => r.Cell with { Repeat = 1 })
            .Select(g => (Cell: g.Key, Eps: Estimate([.. g]), Runs: g.Count()))
            .OrderByDescending(c => c.Eps.Value)
            .Take(2)
            .ToList();
        if (candidates.Count < 2)
        {
            return null;
        }

        var (best, second) = (candidates[0], candidates[1]);
        var gap = new FigureComparison(RunFigure.Eps, second.Eps, best.Eps, RunConfidence.DefaultLevel);
        if (gap.Verdict == ComparisonVerdict.Better)
        {
            return null;
        }

        await output.WriteLineAsync(
            $"close call: {best.Cell.PointName}'s {FigureFormat.RelativeChange(gap)} over {second.Cell.PointName} is not beyond noise by {(best.Runs >= 2 && second.Runs >= 2 ? "their repeats' spread" : CloseCall.AssumedShare)}; {settings.CloseRounds} interleaved rounds decide it").ConfigureAwait(false);
        await output.FlushAsync().ConfigureAwait(false);
        CloseCallSide Side(SweepCell cell) => new(cell.PointName, CellArguments.RunOptions(settings.CommandLine, cell));
        var verdict = await CloseCall.DecideAsync(
            Side(best.Cell), Side(second.Cell), new CloseCallPlan(settings.CloseRounds, settings.OutputDirectory, "sweep", settings.CellTime, settings.Table),
            launcher, output, log, signals, time.GetUtcNow()).ConfigureAwait(false);
        if (verdict is null)
        {
            log.LogWarning("{Sentence}", $"The close call's rounds ended without a verdict (see {CloseCall.Folder}/).");
            return null;
        }

        return verdict.Eps.Verdict switch
        {
            ComparisonVerdict.Better => $"best e/s by rounds: {verdict.Other} ({verdict.Sentence})",
            ComparisonVerdict.Worse => $"best e/s by rounds: {verdict.Favoured} ({verdict.Sentence})",
            ComparisonVerdict.NoDifference or ComparisonVerdict.CannotDecide => $"best e/s by rounds: {verdict.Favoured} and {verdict.Other}, within noise ({verdict.Sentence})",
        };
    }

    private static FigureEstimate Estimate(IReadOnlyList<SweepRow> repeats) =>
        repeats.Count >= 2
            ? FigureEstimate.OfRepeats([.. repeats.Select(r => r.MeanEntitiesPerSecond)])
            : FigureEstimate.OfRun(repeats[0].MeanEntitiesPerSecond, repeats[0].EpsInterval, RunToRunNoise.DefaultShare(RunFigure.Eps));
}
