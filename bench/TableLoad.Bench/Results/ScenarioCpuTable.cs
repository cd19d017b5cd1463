using System.Globalization;
using System.Text;
using TableLoad.Measurement.Gates;

namespace TableLoad.Bench.Results;

/// <summary>
/// Renders bench-scenarios.sh's raw rows (table <c>scenario-cpu</c>): what an ingest scenario's written entity costs in CPU
/// alone and beside a read scenario of the same run. A process's CPU is not split by scenario, so each round runs four
/// processes at the same rates: the ingest alone, the ingest with the reads, the reads alone, and an idle process (the read
/// scenario at one read a second), whose CPU is what any process spends a second whatever its load. The reads' own CPU is the
/// third's less the idle one's; the ingest's CPU beside the reads is the second's CPU less the reads' own (scaled to the
/// second's reads), over the second's written entities. The rounds' differences from the ingest alone are judged by their 95%
/// t interval: no difference beyond noise when it holds 0.
/// </summary>
internal static class ScenarioCpuTable
{
    public const string Name = "scenario-cpu";
    public const string IngestAlone = "ingest-alone";
    public const string IngestBesideReads = "ingest-beside-reads";
    public const string ReadsAlone = "reads-alone";
    public const string Idle = "idle";
    public const string Ingest = "ingest";
    public const string Lookups = "lookups";

    public static string Render(IReadOnlyList<BenchRow> rows)
    {
        var runs = rows.Where(r => r.Table == Name).ToList();
        var measured = runs.Any(r => r.Metric == RunFigures.CpuSecondsMeasured);
        var cpu = measured ? RunFigures.CpuSecondsMeasured : RunFigures.CpuSeconds;
        var rounds = runs.Select(r => r.Run).Distinct().Order()
            .Select(run => Round.Of([.. runs.Where(r => r.Run == run)], cpu))
            .OfType<Round>()
            .ToList();
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture,
            $"CPU of the {(measured ? "measured window (the startup-hook probe)" : "whole process, start-up included")}; {rounds.Count} complete round(s)");
        if (rounds.Count == 0)
        {
            return text.AppendLine("no round has all four runs.").ToString();
        }

        text.AppendLine("| figure                                                   | mean ± sd (min–max)                  |");
        text.AppendLine("|----------------------------------------------------------|-------------------------------------:|");
        Line(text, "written entities/s, ingest alone", rounds.Select(r => r.WrittenAlonePerSecond), "N0");
        Line(text, "written entities/s, ingest beside reads", rounds.Select(r => r.WrittenBesidePerSecond), "N0");
        Line(text, "reads/s, beside the ingest", rounds.Select(r => r.ReadsBesidePerSecond), "N0");
        Line(text, "CPU seconds a second, idle", rounds.Select(r => r.IdlePerSecond), "F3");
        Line(text, "CPU µs per read, reads alone less idle", rounds.Select(r => r.ReadAloneUs), "F1");
        Line(text, "CPU µs per written entity, ingest alone", rounds.Select(r => r.AloneUs), "F2");
        Line(text, "CPU µs per written entity, ingest beside reads", rounds.Select(r => r.BesideUs), "F2");

        var alone = rounds.Average(r => r.AloneUs);
        if (rounds.Count < 2)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"beside the reads: {rounds[0].BesideUs - rounds[0].AloneUs:+0.00;-0.00} µs per written entity (one round: no interval; run more rounds)");
            return text.ToString();
        }

        // compare --rounds' own paired differences: each round's beside less its alone, mean ± t(N − 1) · sd / √N.
        var paired = PairedRounds.Of([.. rounds.Select(r => r.AloneUs)], [.. rounds.Select(r => r.BesideUs)], ChangeScale.Points)!;
        var (mean, half) = (paired.Mean, FigureEstimate.Quantile(0.975, paired.DegreesOfFreedom) * paired.StandardError);
        var verdict = mean - half <= 0 && 0 <= mean + half ? "no difference beyond noise" : mean > 0 ? "COSTS MORE" : "costs less";
        text.AppendLine(CultureInfo.InvariantCulture,
            $"beside the reads, per written entity: {mean:+0.00;-0.00} µs ({mean / alone * 100:+0.0;-0.0}%), 95% interval {mean - half:+0.00;-0.00} to {mean + half:+0.00;-0.00} µs"
            + $" ({(mean - half) / alone * 100:+0.0;-0.0}% to {(mean + half) / alone * 100:+0.0;-0.0}%) over {paired.Rounds} rounds: {verdict}");
        return text.ToString();
    }

    private static void Line(StringBuilder text, string label, IEnumerable<double> values, string format) =>
        text.AppendLine(CultureInfo.InvariantCulture, $"| {label,-56} | {RoundSpread.Show([.. values], format),36} |");

    /// <summary>One round's four runs, each the CPU seconds it spent and the entities of each scenario over its measured seconds.</summary>
    private sealed record Round(double AloneUs, double BesideUs, double ReadAloneUs, double WrittenAlonePerSecond, double WrittenBesidePerSecond, double ReadsBesidePerSecond, double IdlePerSecond)
    {
        public static Round? Of(List<BenchRow> rows, string cpu)
        {
            double? Figure(string client, string metric) => rows.Where(r => r.Client == client && r.Metric == metric).Select(r => (double?)r.Value).LastOrDefault();
            var entities = RunFigures.ScenarioEntitiesPrefix;
            if (Figure(IngestAlone, cpu) is not { } cpuAlone || Figure(IngestAlone, entities + Ingest) is not { } writtenAlone
                || Figure(IngestAlone, RunFigures.MeasuredSeconds) is not { } secondsAlone
                || Figure(IngestBesideReads, cpu) is not { } cpuBeside || Figure(IngestBesideReads, entities + Ingest) is not { } writtenBeside
                || Figure(IngestBesideReads, entities + Lookups) is not { } readsBeside || Figure(IngestBesideReads, RunFigures.MeasuredSeconds) is not { } secondsBeside
                || Figure(ReadsAlone, cpu) is not { } cpuReadsRun || Figure(ReadsAlone, entities + Lookups) is not { } readsAlone
                || Figure(ReadsAlone, RunFigures.MeasuredSeconds) is not { } secondsReads
                || Figure(Idle, cpu) is not { } cpuIdle || Figure(Idle, RunFigures.MeasuredSeconds) is not { } secondsIdle
                || new[] { writtenAlone, writtenBeside, readsAlone, secondsAlone, secondsBeside, secondsReads, secondsIdle }.Any(v => v <= 0))
            {
                return null;
            }

            // The idle process's CPU a second, over the reads run's measured seconds, is not the reads'.
            var idlePerSecond = cpuIdle / secondsIdle;
            var cpuReads = cpuReadsRun - (idlePerSecond * secondsReads);
            return new Round(
                cpuAlone * 1e6 / writtenAlone,
                (cpuBeside - (cpuReads * readsBeside / readsAlone)) * 1e6 / writtenBeside,
                cpuReads * 1e6 / readsAlone,
                writtenAlone / secondsAlone,
                writtenBeside / secondsBeside,
                readsBeside / secondsBeside,
                idlePerSecond);
        }
    }
}
