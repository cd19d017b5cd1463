using Microsoft.Extensions.Logging;
using TableLoad.ChildRuns;
using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Sweep;
using TableLoad.Tune.Search;
using static TableLoad.Tune.TuneFigures;

namespace TableLoad.Tune;

/// <summary>
/// Runs a tune: the search's probes (each a line on stdout and a row of tune.csv as it finishes), the confirm
/// runs of the best, then the recommendation, the limit and, last, the command that reproduces it; tune.json
/// holds all of it, also when the user stops tune.
/// </summary>
internal sealed class TuneRunner(TuneSettings settings, ICellLauncher launcher, TextWriter output, ILogger log, TimeProvider time)
{
    public async Task<int> RunAsync(ChildRunSignals signals)
    {
        var csvPath = Path.Combine(settings.OutputDirectory, ResultFiles.TuneCsv);
        new ResumableFolder(settings.OutputDirectory, ResultFiles.TuneCsv, ResultFiles.TuneJson, "tune").Check(settings.Resume, settings.RunArguments, path => ResultJson.Read(path, TuneJson.Description).RunArguments);
        Directory.CreateDirectory(settings.OutputDirectory);
        // Written first so that a tune stopped by a crash can be resumed with its run options checked.
        await WriteJsonAsync(TuneRecord.Describe(settings, null, [], [], null, "", TuneRecord.Running)).ConfigureAwait(false);
        using var csv = RowsCsvFile<TuneRow>.Open(csvPath, TuneCsv.Table);
        var rows = csv.Existing.ToList();
        var probes = new CellProbeRunner(settings, launcher, signals, time, rows);
        log.LogInformation("{Sentence}", Plan(rows.Count));

        var started = time.GetTimestamp();
        var search = new TuneSearch(settings.Space, settings.Constraints, new TuneBudget(settings.Budget, settings.ProbeTime, settings.Confirm * settings.ConfirmTime), time);
        try
        {
            TimeSpan TimeLeft() => settings.Budget - time.GetElapsedTime(started);
            var outcome = await search.RunAsync(
                probes, probe => ProbeFinishedAsync(probe, probes, csv, rows), signals.Stopping, cheaper => new TuneCloseCall(settings, launcher, output, log, time).DecideAsync(cheaper, TimeLeft, signals)).ConfigureAwait(false);
            var choice = outcome.Best is not null && outcome.Stop != TuneStop.Interrupted
                ? await new TuneConfirmer(settings, probes, csv, rows, output, log).ConfirmAsync(outcome, TimeLeft, signals).ConfigureAwait(false)
                : null;
            var interrupted = outcome.Stop == TuneStop.Interrupted || signals.Interrupted;
            return await FinishAsync(outcome, interrupted ? null : choice, rows.Where(r => r.Role == TuneRow.ConfirmRole).ToList(), interrupted).ConfigureAwait(false);
        }
        catch (TuneAbortedException ex)
        {
            log.LogError("{Sentence}", ex.Message);
            return ex.ExitCode;
        }
    }

    private async Task ProbeFinishedAsync(TunedProbe probe, CellProbeRunner probes, RowsCsvFile<TuneRow> csv, List<TuneRow> rows)
    {
        var resumed = !probes.TryTakeNewRow(probe.Knobs, out var row);
        if (row is not null)
        {
            var tuneRow = new TuneRow(row, TuneRow.ProbeRole, probe.Step, probe.Verdict, probe.Ordinal);
            csv.Append(tuneRow);
            rows.Add(tuneRow);
        }

        await output.WriteLineAsync(TuneLines.Probe($"probe {probe.Ordinal} [{probe.Step}]", probe.Knobs, probe.Figures, probe.Verdict) + (resumed ? " (from tune.csv)" : "")).ConfigureAwait(false);
        await output.FlushAsync().ConfigureAwait(false);
    }

    private async Task<int> FinishAsync(TuneOutcome outcome, TuneChoice? choice, IReadOnlyList<TuneRow> confirmRuns, bool interrupted)
    {
        var recommendation = choice is null ? null : Recommend(choice, outcome.Cheaper);
        // The losers are judged against what is recommended, which is the search's best unless its confirm runs set it aside.
        var judged = choice is null ? outcome : outcome with { Best = choice.Probe };
        var limit = TuneExplanation.LimitSentence(outcome, settings);
        var status = interrupted ? "interrupted" : outcome.Stop == TuneStop.Budget ? "budget" : "finished";
        await WriteJsonAsync(TuneRecord.Describe(settings, judged, choice?.SetAside ?? [], confirmRuns, recommendation, limit, status, choice?.Estimate)).ConfigureAwait(false);
        await output.WriteLineAsync().ConfigureAwait(false);
        if (interrupted)
        {
            await output.WriteLineAsync($"tune: interrupted after {outcome.Probes.Count} probes; {(outcome.Best is { } so ? $"the best so far is {so.Knobs}, not confirmed" : "none met the constraints so far")}; --resume goes on. Results in {settings.OutputDirectory}").ConfigureAwait(false);
            return ExitCodes.Interrupted;
        }

        if (recommendation is null)
        {
            var closest = outcome.Limit.Evidence;
            await output.WriteLineAsync(
                $"tune: no configuration met the constraints{(closest is null ? "" : $"; the closest was {closest.Knobs}, which {TuneExplanation.Reason(closest, null, settings.Constraints)}")}. Nothing is recommended.").ConfigureAwait(false);
            await output.WriteLineAsync($"limit: {limit}").ConfigureAwait(false);
            await ReportAsync().ConfigureAwait(false);
            return ExitCodes.NothingMeets;
        }

        if (!recommendation.ConstraintsHeld)
        {
            log.LogWarning("{Sentence}", "No candidate held every constraint in all its confirm runs (see tune.csv): the best is recommended all the same; it sits at the edge of what the target allows, so leave it some room.");
        }

        await output.WriteAsync(RecommendationTable(recommendation, choice!.Runs.Count)).ConfigureAwait(false);
        await output.WriteLineAsync($"limit: {limit}").ConfigureAwait(false);
        await output.WriteLineAsync($"tune: {outcome.Probes.Count} probes and {confirmRuns.Count} confirm runs in {settings.OutputDirectory}").ConfigureAwait(false);
        await ReportAsync().ConfigureAwait(false);
        await output.WriteLineAsync(recommendation.Command).ConfigureAwait(false);
        return ExitCodes.Success;
    }

    // --report's paths are printed before the reproducing command, which stays the last line as docs/tune.md promises.
    private async Task ReportAsync()
    {
        if (settings.Report)
        {
            await output.FlushAsync().ConfigureAwait(false);
            await AnalysisReport.RunAsync(settings.OutputDirectory, log).ConfigureAwait(false);
        }
    }

    private Task WriteJsonAsync(TuneDescription description) =>
        ResultJson.WriteAsync(Path.Combine(settings.OutputDirectory, ResultFiles.TuneJson), description, TuneJson.Description);

    private TuneRecommendation Recommend(TuneChoice choice, CheaperChoice? cheaper)
    {
        var knobs = choice.Probe.Knobs;
        // The confirm runs speak for the recommendation; only when all of them failed does the probe's own run.
        var figures = choice.Figures.Count > 0 ? choice.Figures : [choice.Probe.Figures!];
        var estimate = choice.Estimate;
        var (low, high) = estimate.Interval(TuneNoise.Level);
        return new TuneRecommendation(
            settings.Cell(knobs).Name,
            knobs.Processes,
            knobs.Tasks,
            knobs.BatchSize,
            estimate.Value,
            Math.Max(low, 0),
            high,
            TuneNoise.Level,
            figures.Average(f => f.P50Ms),
            figures.Max(f => f.P99Ms),
            figures.Average(f => f.ThrottledPercent),
            figures.Average(f => f.CpuMicrosecondsPerEntity),
            choice.ConstraintsHeld(settings.Confirm),
            ReproducingCommand.For(settings, knobs),
            cheaper?.Winner.Knobs == knobs ? cheaper.Sentence : null,
            Provision(figures, estimate.Value));
    }

    // Only when every run was charged: a run without a charge says nothing of request units.
    private static ProvisionedRequestUnits? Provision(IReadOnlyList<ProbeFigures> figures, double entitiesPerSecond) =>
        figures.All(f => f.RequestUnitsPerEntity is not null)
            ? new ProvisionedRequestUnits(
                figures.Average(f => f.RequestUnitsPerEntity!.Value) * entitiesPerSecond,
                figures.Average(f => f.RequestUnitsPerEntity!.Value) * figures.Max(f => f.PeakEntitiesPerSecond))
            : null;

    private static string RecommendationTable(TuneRecommendation r, int runs) =>
        $"| recommendation | e/s mean ({Percent(r.ConfidenceLevel * 100)} CI of {runs} confirm runs) | p50 ms | p99 ms | throttled | client CPU µs/entity |{Environment.NewLine}" +
        $"|:--|--:|--:|--:|--:|--:|{Environment.NewLine}" +
        $"| {Options(new TuneKnobs(r.Processes, r.Tasks, r.BatchSize))} | {Rate(r.EntitiesPerSecondMean)} ({Rate(r.EntitiesPerSecondCiLow)}–{Rate(r.EntitiesPerSecondCiHigh)}) | {Ms(r.P50Ms)} | {Ms(r.P99Ms)} | {Percent(r.ThrottledPercent)} | {Ms(r.CpuMicrosecondsPerEntity)} |{Environment.NewLine}" +
        (r.Choice is { } why ? $"choice: {why}{Environment.NewLine}" : "") +
        (r.ProvisionRuPerSecond is { } provision ? $"provisioning: {ProvisioningSentence.Of(r.EntitiesPerSecondMean, provision)}{Environment.NewLine}" : "");

    private string Plan(int resumed) =>
        $"tune: probes of {DurationParser.Format(settings.ProbeDuration)} after a {DurationParser.Format(settings.Warmup)} warm-up, then {settings.Confirm} confirm runs of {DurationParser.Format(settings.ConfirmDuration)}; " +
        $"at most {DurationParser.Format(settings.Budget)} in all{(resumed > 0 ? $", {resumed} runs already in tune.csv" : "")}; results in {settings.OutputDirectory}";
}
