using System.Globalization;
using System.Text;
using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Storage;

namespace TableLoad.Reporting;

/// <summary>
/// Renders the original experiment's table (one row per run, latencies in ms, counts in entities) and
/// the lines under it, as aligned Markdown: readable in a terminal, parseable by a script.
/// </summary>
internal static class ResultTable
{
    /// <summary>The table's headers in order, as <see cref="ResultColumns"/> places them.</summary>
    public static readonly string[] Columns = [.. ResultColumns.All.Select(c => c.Header)];

    public static string Render(IReadOnlyList<RunSummary> rows)
    {
        var cells = new List<string[]> { Columns };
        // A run's stages are rows under its own, named s1, s2, ..., and a mix's operations after them, by name; then its scenarios'.
        cells.AddRange(rows.SelectMany(summary => summary.Stages.Select(Row).Prepend(Row(summary)).Concat(Parts(summary).Select(p => Row(p.Name, p.Figures, summary)))).Select(Cells));
        var widths = Columns.Select((_, c) => cells.Max(r => r[c].Length)).ToArray();
        var text = new StringBuilder();
        for (var r = 0; r < cells.Count; r++)
        {
            text.Append('|');
            for (var c = 0; c < widths.Length; c++)
            {
                text.Append(' ').Append(r == 0 ? cells[r][c].PadRight(widths[c]) : cells[r][c].PadLeft(widths[c])).Append(" |");
            }

            text.AppendLine();
            if (r == 0)
            {
                text.Append('|');
                foreach (var w in widths)
                {
                    text.Append(new string('-', w + 1)).Append(":|");
                }

                text.AppendLine();
            }
        }

        return text.ToString();
    }

    /// <summary>The parts of a run shown apart, by the names of their rows: a mix's operations, then its scenarios'.</summary>
    private static IEnumerable<(string Name, OperationSummary Figures)> Parts(RunSummary summary) => MixParts(summary).Concat(ScenarioParts(summary));

    /// <summary>A mix's operations, each a row of its own; none for a run of one operation, whose row is the run's.</summary>
    private static IEnumerable<(string Name, OperationSummary Figures)> MixParts(RunSummary summary) =>
        summary.Workload.Match(static _ => false, static _ => true, static _ => true, static _ => false) ? summary.Operations.Select(o => (o.Key, o.Value)) : [];

    /// <summary>Each scenario a row, followed by its operations' (SCENARIO.OPERATION) when it sends several; none without scenarios.</summary>
    private static IEnumerable<(string Name, OperationSummary Figures)> ScenarioParts(RunSummary summary) =>
        (summary.Scenarios ?? new Dictionary<string, OperationSummary>()).SelectMany(s => (s.Value.Operations is { Count: > 1 } operations
            ? operations.Select(o => ($"{s.Key}.{o.Key}", o.Value))
            : []).Prepend((s.Key, s.Value)));

    private static ResultRow Row(string name, OperationSummary part, RunSummary run) =>
        new(name, ScopeFigures.Of(part, run.MeasuredSeconds), part.PeakEntitiesPerSecond, part.MeanRequestsPerSecond);

    /// <summary>"batches of 100 inserts", "single inserts", "batches of 100 upsert-merge over a key space of 50", "point reads over a key space of 500" and the like.</summary>
    public static string RequestsText(RunSummary summary)
    {
        var space = summary.KeySpace is { } keys ? $" over a key space of {keys}" : "";
        return summary.Workload.Match(
            one => one.Operation.Definition().Requests(summary.BatchSize) + space,
            mixed => $"a mix of {mixed.Text}{MixWrites(mixed.Mix, summary.BatchSize)}{space}",
            _ => $"scenarios {string.Join(", ", summary.Scenarios?.Keys ?? [])}",
            // A folder written by a later TableLoad may name an operation this one does not know: it is said as written.
            unknown => summary.BatchSize.Requests(unknown.Name) + space);
    }


    private static string MixWrites(OperationMix mix, Batching batching) => mix.Operations.Any(o => !o.DrawsKeys()) ? $" (writes {batching.Form switch
    {
        WriteForm.Transaction => $"in batches of {batching.Size}",
        WriteForm.Single => "each by itself",
    }})" : "";

    /// <summary>What the run's requests are called: batches when they were entity group transactions; a read's, a query's, a read-modify-write's and single writes are not, nor a mix's, which sends both.</summary>
    private static string RequestsWord(RunSummary summary) => summary.Workload.Match(
        one => one.Operation.DrawsKeys() ? "requests" : WritesWord(summary.BatchSize),
        static _ => "requests",
        static _ => "requests",
        // A name a later TableLoad wrote is taken for a write's.
        _ => WritesWord(summary.BatchSize));

    private static string WritesWord(Batching batching) => batching.Form switch
    {
        WriteForm.Transaction => "batches",
        WriteForm.Single => "requests",
    };

    public static string RenderDetails(RunSummary summary)
    {
        var text = new StringBuilder();
        void Line(string line) => text.AppendLine(line);
        var status = summary.Status == RunStatus.Complete ? "" : $" ({summary.Status.ToSnakeCase()})";
        var rate = summary.IsOpenModel() && summary.RequestRate is not null && summary.Stages.Count == 0 ? $", rate {RateText(summary)}" : "";
        Line($"run {summary.RunId}{status}: {Fixed(summary.MeasuredSeconds, 1)} s measured, {summary.Processes} × {TasksText(summary)} tasks{rate}, {RequestsText(summary)}, {summary.EntitySize}-byte entities{(summary.Entity is { } entity ? $" like {entity}" : "")}, partitions {summary.Partitions}, client {summary.BatchClient}{(summary.RuntimeSettings is { } runtime ? $", runtime {runtime.Profile}" : "")}");
        if (summary.LatencyMs.Count == 0)
        {
            Line(summary.Warmup.Batches > 0
                ? $"no batch was measured: the run ended within its warm-up, so the table has no latencies ({NoLatency})"
                : $"no batch was measured, so the table has no latencies ({NoLatency})");
        }

        foreach (var (outcome, count) in summary.Outcomes.Where(entry => entry.Value > 0 && entry.Key != "succeeded"))
        {
            Line($"{outcome.Replace('_', ' ')}: {count} {RequestsWord(summary)}");
        }

        foreach (var (name, part) in summary.Operations.Where(o => FoundNothing(o.Key, o.Value)))
        {
            Line($"every {name} was not_found ({part.Requests} of {part.Requests}): the table holds none of the keys drawn; --preload writes the key space first");
        }

        if (summary.Abandoned is { Stored: > 0 } or { NotStored: > 0 } or { Unknown: > 0 })
        {
            Line($"abandoned batches read back: {summary.Abandoned.Stored} stored (counted as succeeded), {summary.Abandoned.NotStored} not stored, {summary.Abandoned.Unknown} unknown (no answer)");
        }

        foreach (var (code, count) in summary.RejectedByCode)
        {
            Line($"rejected {code}: {count} batches");
        }

        if (summary.Retries > 0 || summary.VerifiedByRead > 0)
        {
            Line($"retries: {summary.Retries}; batches settled by reading them back: {summary.VerifiedByRead}");
        }

        if (summary.BatchLogDropped > 0)
        {
            Line($"batches.csv lacks {summary.BatchLogDropped} batches: the disk fell --batch-log-buffer rows behind (counted in every other figure)");
        }

        Line($"mean e/s: {Fixed(summary.MeanEntitiesPerSecond, 1)}{MeanInterval(summary.Confidence)}; goodput: {Fixed(summary.GoodputMbPerSecond, 2)} MB/s; mean req/s: {Fixed(summary.MeanRequestsPerSecond, 1)}");
        if (summary.RequestUnits is { } ru)
        {
            Line($"request units: {RequestUnitsText(ru, "batch")}");
            // Each part's as its row gives its entities: summary.json's alone would hide which operation spends the budget.
            foreach (var (name, part) in Parts(summary).Where(p => p.Figures.RequestUnits is not null))
            {
                Line($"request units of {name}: {RequestUnitsText(part.RequestUnits!, "request")}");
            }

            Line($"provisioning: {ProvisioningSentence.Of(summary.MeanEntitiesPerSecond, ru.ProvisionRuPerSecond, ru.PerEntity, OpenTarget(summary))}");
            if (ru.Unreadable > 0)
            {
                Line($"{ru.Unreadable} answers carried an x-ms-request-charge that is not a non-negative number: left out of the request units above");
            }
        }

        if (ThrottleEvidence.Of(ThrottleCounts.Of(summary.Throttling), summary.MeanEntitiesPerSecond, summary.RequestUnits) is { } evidence)
        {
            Line($"throttled by {evidence.Sentence(maxRu: null, summary.Partitions)}");
        }

        Line($"client: {Fixed(summary.Client.UserCpuSeconds, 2)} s user, {Fixed(summary.Client.SystemCpuSeconds, 2)} s system CPU, " +
             $"{Fixed(summary.Client.CpuUsPerEntity, 1)} µs CPU per entity; GC gen0 {summary.Client.GcGen0}, gen1 {summary.Client.GcGen1}, gen2 {summary.Client.GcGen2}, pauses {Fixed(summary.Client.GcPausePercent, 1)}% of the time; peak RSS {Fixed(summary.Client.PeakRssMib, 0)} MiB");
        if (summary.UncorrectedLatencyMs is { } u)
        {
            // Beside closed scenarios, the open ones' rates are theirs alone: the run has no one rate to name.
            var model = !summary.IsOpenModel() && !summary.Workload.IsOneLoad ? "open model (the scenarios at a rate)" : $"open model at {RateText(summary)}";
            Line($"{model}: latency above is from each batch's intended start; from the actual send: median {Fixed(u.Median, 2)}, p99 {Fixed(u.P99, 2)}, max {Fixed(u.Max, 2)} ms; {summary.LateBatches} batches started late");
        }

        foreach (var stage in summary.Stages)
        {
            Line(StageLine(stage, summary.IsOpenModel() ? "e/s" : "tasks per process"));
        }

        Line(summary.Client.Saturated
            ? $"CLIENT SATURATED, figures may describe TableLoad rather than the service: {string.Join(" ", summary.Client.SaturationReasons)}"
            : "client not saturated" + string.Concat(summary.Client.LateStart.Select(late => $"; {late}")));
        if (summary.Warmup.Batches > 0)
        {
            Line($"warm-up (not in the table): {summary.Warmup.Batches} {RequestsWord(summary)}, {summary.Warmup.EntitiesSucceeded} entities succeeded");
        }

        return text.ToString();
    }

    // Reads, queries, deletes and read-modify-writes that all met a 404 measured a table without their keys, whatever the figures above say.
    private static bool FoundNothing(string operation, OperationSummary part) =>
        TableOperationNames.TryParse(operation, out var sent) && sent.NeedsStoredKeys() && part.Requests > 0
        && part.Outcomes.GetValueOrDefault(OutcomeTable.Of(BatchOutcome.NotFound).Name) == part.Requests;

    /// <param name="request">What one charge is of, for its percentiles: "batch", or "request" where reads and writes are mixed.</param>
    private static string RequestUnitsText(RequestUnitsSummary ru, string request) =>
        $"{Fixed(ru.PerSecondMean, 1)} RU/s (peak second {Fixed(ru.PerSecondPeak, 1)}), {Fixed(ru.PerEntity, 2)} RU per entity; per {request} p50 {Fixed(ru.PerBatch.P50, 2)}, p99 {Fixed(ru.PerBatch.P99, 2)} RU; {Fixed(ru.Total, 2)} RU in all";

    /// <summary>"stage s1: 0.0–3.0 s, target 200 → 325 e/s (stopped; the plan ran to 12.0 s and 1500 e/s); mean ...", or "stage s2: not reached (...)".</summary>
    private static string StageLine(StageSummary stage, string unit)
    {
        var plan = $"the plan ran to {Fixed(stage.PlannedEndS ?? stage.EndS, 1)} s and {Target(stage.PlannedEndTarget ?? stage.EndTarget)} {unit}";
        if (stage.NotReached)
        {
            return $"stage {StageName(stage)}: not reached, the run ended at {Fixed(stage.EndS, 1)} s ({plan})";
        }

        return $"stage {StageName(stage)}: {Fixed(stage.StartS, 1)}–{Fixed(stage.EndS, 1)} s, target {Target(stage.StartTarget)} → {Target(stage.EndTarget)} {unit}" +
            (stage.CutShort ? $" (stopped; {plan})" : "") +
            $"; mean {Fixed(stage.MeanEntitiesPerSecond, 1)} e/s, throttled {Fixed(stage.ThrottledPercent, 1)}% of batches, failed {Fixed(stage.FailedPercent, 1)}% of entities";
    }

    /// <summary>The plan's targets in order, a hold said once: "12 → 100" (tasks or e/s); the one load of a run without a plan.</summary>
    private static string PlanText(RunSummary summary, double steady)
    {
        var targets = summary.Stages.Select(s => Target(s.PlannedEndTarget ?? s.EndTarget)).Prepend(Target(summary.Stages.Count > 0 ? summary.Stages[0].StartTarget : steady)).ToList();
        return string.Join(" → ", targets.Where((target, i) => i == 0 || target != targets[i - 1]));
    }

    // The closed model's plan is in tasks per process; the open model's tasks hold while its rate follows the plan.
    private static string TasksText(RunSummary summary) =>
        summary.IsOpenModel() ? summary.Tasks.ToString(CultureInfo.InvariantCulture) : PlanText(summary, summary.Tasks);

    /// <summary>
    /// The open model's target: in both units, the one --rate was given in first ("2,000 req/s (5,600 e/s)"), or a plan's targets in e/s;
    /// in e/s alone in folders written before TableLoad recorded the request rate.
    /// </summary>
    private static string RateText(RunSummary summary) => (summary.Stages.Count, summary.Rate, summary.RequestRate) switch
    {
        (0, { } entities, { } requests) when summary.TargetInRequestsPerSecond => $"{Grouped(requests)} req/s ({Grouped(entities)} e/s)",
        (0, { } entities, { } requests) => $"{Grouped(entities)} e/s ({Grouped(requests)} req/s)",
        _ => PlanText(summary, summary.Rate ?? 0) + " e/s",
    };

    /// <summary>The fleet's entities/s an open-model run was asked for: its rate, or its plan's highest target; null in the closed model.</summary>
    public static double? OpenTarget(RunSummary summary) => !summary.IsOpenModel()
        ? null
        : summary.Stages.Count == 0 ? summary.Rate : summary.Stages.Max(s => Math.Max(s.StartTarget, s.EndTarget));

    /// <summary>The table's cell where a latency would be when no batch was measured: a 0.00 would read as a figure.</summary>
    public const string NoLatency = "-";

    private static ResultRow Row(RunSummary summary) => new(summary.Row ?? summary.Processes.ToString(CultureInfo.InvariantCulture),
        ScopeFigures.Of(summary), summary.PeakEntitiesPerSecond, summary.MeanRequestsPerSecond);

    private static ResultRow Row(StageSummary stage) => new(StageName(stage),
        ScopeFigures.Of(stage), stage.PeakEntitiesPerSecond, stage.EndS > stage.StartS ? stage.Batches / (stage.EndS - stage.StartS) : 0);

    private static string StageName(StageSummary stage) => "s" + stage.Stage.ToString(CultureInfo.InvariantCulture);

    private static string[] Cells(ResultRow row) => [.. ResultColumns.All.Select(c => c.Cell(row))];

    // A folder written before TableLoad computed intervals has none to show, which is not the same as too little data.
    private static string MeanInterval(RunConfidence? confidence) => confidence switch
    {
        null => "",
        { MeanEntitiesPerSecond: { } mean } => $" ({Percent(confidence.Level)} CI {Fixed(mean.Lo, 0)}–{Fixed(mean.Hi, 0)})",
        _ => $" ({Percent(confidence.Level)} CI: {confidence.TooLittleData})",
    };

    private static string Percent(double level) => (level * 100).ToString("0.#", CultureInfo.InvariantCulture) + "%";

    private static string Target(double value) => value.ToString("0.##", CultureInfo.InvariantCulture);

    private static string Grouped(double value) => value.ToString("#,0.##", CultureInfo.InvariantCulture);

    private static string Fixed(double value, int decimals) => value.ToString("F" + decimals, CultureInfo.InvariantCulture);
}
