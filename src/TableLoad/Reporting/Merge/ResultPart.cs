using System.Globalization;
using System.Text.Json;
using TableLoad.Measurement;
using TableLoad.Measurement.Histograms;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Reporting.Merge;

/// <summary>One result folder read back for merging: its run.json and summary.json through their types, and its seconds as windows.</summary>
internal sealed class ResultPart
{
    private ResultPart(string path, RunDescription run, RunSummary summary)
    {
        Path = path;
        Run = run;
        Summary = summary;
    }

    public string Path { get; }

    public RunDescription Run { get; }

    public RunSummary Summary { get; }

    public string RunId => Run.RunId;

    public string Label => Run.Label;

    /// <summary>The client that sent the batches; folders written before the SDK client existed used the wire client.</summary>
    public string Client => Run.Options.Client ?? "wire";

    public DateTimeOffset StartedUtc => Run.StartedUtc;

    /// <summary>Reads a folder TableLoad wrote; a folder that is not one gives a <see cref="FormatException"/> with one sentence.</summary>
    public static ResultPart Read(string path)
    {
        if (!Directory.Exists(path))
        {
            throw new FormatException(File.Exists(path) ? $"'{path}' is a file, not a TableLoad result folder." : $"'{path}' does not exist.");
        }

        foreach (var file in new[] { ResultFiles.RunJson, ResultFiles.SummaryJson, ResultFiles.IntervalsCsv, ResultFiles.LatencyHlog })
        {
            if (!File.Exists(System.IO.Path.Combine(path, file)))
            {
                throw new FormatException($"'{path}' is not a TableLoad result folder: it has no {file}.");
            }
        }

        RunDescription run;
        RunSummary summary;
        try
        {
            run = ResultJson.Read<RunDescription>(System.IO.Path.Combine(path, ResultFiles.RunJson));
            summary = ResultJson.ReadSummary(System.IO.Path.Combine(path, ResultFiles.SummaryJson));
        }
        catch (JsonException)
        {
            throw new FormatException($"'{path}' holds a run.json or summary.json that is not one TableLoad writes.");
        }

        if (run.Options is null)
        {
            throw new FormatException($"'{path}' is itself a merged result; give report the folders it was merged from.");
        }

        return new ResultPart(path, run, summary);
    }

    /// <summary>The first measured second, from the run's start and warm-up exactly as the run itself placed it.</summary>
    public long WarmupEndEpochSecond()
    {
        var startMicros = StartedUtc.ToUnixTimeMilliseconds() * 1000;
        return RunTimeline.Create(startMicros, Run.Options.WarmupTime(), TimeSpan.Zero).WarmupEndEpochSecond;
    }

    /// <summary>The measured period in Unix seconds: from the warm-up's end (never before the run started), as long as the summary says it lasted.</summary>
    public (double From, double To) MeasuredPeriod()
    {
        var from = Math.Max(WarmupEndEpochSecond(), StartedUtc.ToUnixTimeMilliseconds() / 1000.0);
        return (from, from + Summary.MeasuredSeconds);
    }

    /// <summary>
    /// The parts whose seconds the folder keeps apart (<see cref="ResultFiles.IntervalsCsvOf"/>): a mix's operations, or a run of scenarios'
    /// operations, scenarios and each scenario's operations, as the run named them (<see cref="Settings.RunSettings.Slices"/>); none for one operation.
    /// </summary>
    public IReadOnlyList<string> Slices => Summary.Workload.Match<IReadOnlyList<string>>(
        static _ => [],
        static mixed => [.. mixed.Mix.Operations.Select(o => o.ToName())],
        _ => [.. Summary.Operations.Keys, .. (Summary.Scenarios ?? new Dictionary<string, OperationSummary>())
            .SelectMany(s => (s.Value.Operations?.Keys ?? []).Select(o => Settings.ScenarioSlices.Of(s.Key, o)).Prepend(s.Key))],
        static _ => []);

    /// <param name="slice">A mix's operation, for its own seconds; null for the whole run's.</param>
    public IReadOnlyList<IntervalsCsvRow> Intervals(string? slice = null)
    {
        var lines = File.ReadAllLines(System.IO.Path.Combine(Path, ResultFiles.IntervalsCsvOf(slice)));
        var header = lines[0].Split(',');
        return lines.Skip(1).Where(l => l.Length > 0).Select(l => IntervalsCsvRow.Parse(header, l.Split(','))).ToList();
    }

    /// <summary>The part's histograms by wall-clock second and tag.</summary>
    /// <param name="slice">A mix's operation, for its own histograms; null for the whole run's.</param>
    public Dictionary<(long Second, string? Tag), LatencyHistogram> Histograms(string? slice = null)
    {
        using var reader = new StreamReader(System.IO.Path.Combine(Path, ResultFiles.LatencyHlogOf(slice)));
        var histograms = new Dictionary<(long, string?), LatencyHistogram>();
        foreach (var record in new HistogramLogReader(reader).ReadRecords())
        {
            histograms[((long)Math.Round(record.StartTimestamp), record.Tag)] = record.Histogram;
        }

        return histograms;
    }
}

/// <summary>One row of intervals.csv.</summary>
internal sealed record IntervalsCsvRow(long EpochSecond, bool Warmup, long EntitiesSucceeded, long EntitiesFailed, long Batches, long[] ByOutcome)
{
    /// <summary>The second's request units; 0 when it had no charge, or in a folder written before TableLoad read charges.</summary>
    public double RequestUnits { get; init; }

    /// <summary>The second's attempts, retries included; its batches in a folder written before intervals.csv kept them (its retries unknown).</summary>
    public long Attempts { get; init; }

    public static IntervalsCsvRow Parse(string[] header, string[] cells)
    {
        string Cell(string name) => cells[Array.IndexOf(header, name)];
        long Count(string name) => long.Parse(Cell(name), CultureInfo.InvariantCulture);
        var byOutcome = new long[OutcomeTable.Count];
        foreach (var outcome in OutcomeTable.Failures)
        {
            // A folder written before an outcome existed has no column for it: none of its batches had it.
            byOutcome[(int)outcome.Outcome] = Array.IndexOf(header, outcome.Name) < 0 ? 0 : Count(outcome.Name);
        }

        var batches = Count("batches");
        byOutcome[(int)BatchOutcome.Succeeded] = batches - byOutcome.Sum();
        var requestUnits = Array.IndexOf(header, IntervalsCsvSink.RequestUnitsColumn) < 0 || Cell(IntervalsCsvSink.RequestUnitsColumn).Length == 0
            ? 0
            : double.Parse(Cell(IntervalsCsvSink.RequestUnitsColumn), CultureInfo.InvariantCulture);
        return new IntervalsCsvRow(Count("epoch_s"), Cell("warmup") == "true", Count("entities_succeeded"), Count("entities_failed"), batches, byOutcome)
        {
            RequestUnits = requestUnits,
            Attempts = Array.IndexOf(header, IntervalsCsvSink.AttemptsColumn) < 0 ? batches : Count(IntervalsCsvSink.AttemptsColumn),
        };
    }

    public void CopyTo(Window window, IReadOnlyDictionary<(long Second, string? Tag), LatencyHistogram> histograms)
    {
        window.Reset(EpochSecond);
        window.Warmup = Warmup;
        // intervals.csv holds these counts only; the others were not written and stay zero.
        window.Counts.Add(new WindowCounts { Batches = Batches, EntitiesSucceeded = EntitiesSucceeded, EntitiesFailed = EntitiesFailed, ByOutcome = ByOutcome, RequestUnits = RequestUnits, Attempts = Attempts });
        if (histograms.TryGetValue((EpochSecond, Warmup ? HistogramLogSink.WarmupTag : null), out var latency))
        {
            window.Latency.Add(latency);
        }

        if (histograms.TryGetValue((EpochSecond, Warmup ? HistogramLogSink.WarmupUncorrectedTag : HistogramLogSink.UncorrectedTag), out var uncorrected))
        {
            window.UncorrectedOrNew().Add(uncorrected);
        }
    }
}
