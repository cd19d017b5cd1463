using System.Globalization;
using System.Text;
using MathNet.Numerics.Distributions;

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

        var differences = rounds.Select(r => r.BesideUs - r.AloneUs).ToList();
        var alone = rounds.Average(r => r.AloneUs);
        var mean = differences.Average();
        if (differences.Count < 2)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"beside the reads: {mean:+0.00;-0.00} µs per written entity (one round: no interval; run more rounds)");
            return text.ToString();
        }

        var sd = Math.Sqrt(differences.Sum(d => (d - mean) * (d - mean)) / (differences.Count - 1));
        var half = StudentT.InvCDF(0, 1, differences.Count - 1, 0.975) * sd / Math.Sqrt(differences.Count);
        var verdict = mean - half <= 0 && 0 <= mean + half ? "no difference beyond noise" : mean > 0 ? "COSTS MORE" : "costs less";
        text.AppendLine(CultureInfo.InvariantCulture,
            $"beside the reads, per written entity: {mean:+0.00;-0.00} µs ({mean / alone * 100:+0.0;-0.0}%), 95% interval {mean - half:+0.00;-0.00} to {mean + half:+0.00;-0.00} µs"
            + $" ({(mean - half) / alone * 100:+0.0;-0.0}% to {(mean + half) / alone * 100:+0.0;-0.0}%) over {differences.Count} rounds: {verdict}");
        return text.ToString();
    }

    private static void Line(StringBuilder text, string label, IEnumerable<double> values, string format)
    {
        var list = values.ToList();
        var mean = list.Average();
        var sd = list.Count > 1 ? Math.Sqrt(list.Sum(v => (v - mean) * (v - mean)) / (list.Count - 1)) : 0;
        var cell = string.Create(CultureInfo.InvariantCulture,
            $"{mean.ToString(format, CultureInfo.InvariantCulture)} ± {sd.ToString(format, CultureInfo.InvariantCulture)} ({list.Min().ToString(format, CultureInfo.InvariantCulture)}–{list.Max().ToString(format, CultureInfo.InvariantCulture)})");
        text.AppendLine(CultureInfo.InvariantCulture, $"| {label,-56} | {cell,36} |");
    }

    /// <summary>One round's four runs, each the CPU seconds it spent and the entities of each scenario over its measured seconds.</summary>
    private sealed record Round(double AloneUs, double BesideUs, double ReadAloneUs, double WrittenAlonePerSecond, double WrittenBesidePerSecond, double ReadsBesidePerSecond, double IdlePerSecond)
    {
        public static Round? Of(List<BenchRow> rows, string cpu)
        {
            double? Figure(string client, string metric) => rows.Where(r => r.Client == client && r.Metric == metric).Select(r => (double?)r.Value).LastOrDefault();
            var entities = RunFigures.ScenarioEntitiesPrefix;
            var (cpuAlone, writtenAlone, secondsAlone) = (Figure(IngestAlone, cpu), Figure(IngestAlone, entities + Ingest), Figure(IngestAlone, RunFigures.MeasuredSeconds));
            var (cpuBeside, writtenBeside, readsBeside, secondsBeside) = (Figure(IngestBesideReads, cpu), Figure(IngestBesideReads, entities + Ingest),
                Figure(IngestBesideReads, entities + Lookups), Figure(IngestBesideReads, RunFigures.MeasuredSeconds));
            var (cpuReadsRun, readsAlone, secondsReads) = (Figure(ReadsAlone, cpu), Figure(ReadsAlone, entities + Lookups), Figure(ReadsAlone, RunFigures.MeasuredSeconds));
            var (cpuIdle, secondsIdle) = (Figure(Idle, cpu), Figure(Idle, RunFigures.MeasuredSeconds));
            if (cpuAlone is null || cpuBeside is null || cpuReadsRun is null || readsBeside is null || cpuIdle is null
                || !(writtenAlone > 0 && writtenBeside > 0 && readsAlone > 0 && secondsAlone > 0 && secondsBeside > 0 && secondsReads > 0 && secondsIdle > 0))
            {
                return null;
            }

            // The idle process's CPU a second, over the reads run's measured seconds, is not the reads'.
            var idlePerSecond = cpuIdle.Value / secondsIdle!.Value;
            var cpuReads = cpuReadsRun.Value - (idlePerSecond * secondsReads!.Value);
            var readsCpuBeside = cpuReads * readsBeside.Value / readsAlone!.Value;
            return new Round(
                cpuAlone.Value * 1e6 / writtenAlone!.Value,
                (cpuBeside.Value - readsCpuBeside) * 1e6 / writtenBeside!.Value,
                cpuReads * 1e6 / readsAlone.Value,
                writtenAlone.Value / secondsAlone!.Value,
                writtenBeside.Value / secondsBeside!.Value,
                readsBeside.Value / secondsBeside.Value,
                idlePerSecond);
        }
    }
}
