using System.Globalization;
using System.Text;

namespace TableLoad.Bench.Results;

/// <summary>
/// Renders bench-reads.sh's raw rows (table <c>reads</c>): each client's reads/s, CPU per read and p99 as mean ± sd (min–max) over
/// its rounds, then each TableLoad client ÷ its baseline (TableLoad with idle workers spinning too, so the share of the
/// runtime setting in the SDK client's ratio shows), as the ratio of the means with the min–max of the rounds' own ratios,
/// against TableLoad's targets for reads where it names one. An entity of the raw rows is a read.
/// </summary>
internal static class ReadTable
{
    public const string Name = "reads";
    public const string SdkLoop = "sdk-read-loop";
    public const string RawLoop = "raw-read-loop";

    /// <summary>TableLoad --client sdk with idle thread-pool workers spinning, as .NET's default has them: what the runtime setting alone is worth.</summary>
    public const string TableLoadSdkSpinning = "tableload-sdk-spinning";

    private static readonly (string Client, string Label)[] Clients =
    [
        (ClientPair.TableLoadSdk, "tableload --client sdk"),
        (TableLoadSdkSpinning, "tableload sdk, workers spinning"),
        (SdkLoop, "plain SDK loop (GetEntityAsync)"),
        (ClientPair.TableLoadWire, "tableload --client wire"),
        (RawLoop, "raw HTTP GET loop"),
    ];

    private static readonly (string Metric, string Label, string Format)[] Metrics =
    [
        (RunFigures.EntitiesPerSecond, "reads/s", "N0"),
        (RunFigures.CpuUsPerEntity, "CPU µs per read", "F1"),
        (RunFigures.CpuUsPerEntityMeasured, "CPU µs per read, measured", "F1"),
        (RunFigures.P99Ms, "p99 ms", "F1"),
    ];

    // Issue 40's targets: --client sdk reads at least as fast as the SDK loop at ≤ 0.8× its CPU per read, --client wire ≥ 0.95× the raw loop's reads/s.
    // The CPU target is judged on the whole process's CPU (summary.json's client.cpu_us_per_entity against the loop's own), as each side reports it.
    private static readonly Ratio[] Ratios =
    [
        new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.EntitiesPerSecond, Goal.AtLeast, 1.0),
        new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.CpuUsPerEntity, Goal.AtMost, 0.8),
        new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.CpuUsPerEntityMeasured),
        new(TableLoadSdkSpinning, SdkLoop, RunFigures.EntitiesPerSecond),
        new(TableLoadSdkSpinning, SdkLoop, RunFigures.CpuUsPerEntity),
        new(ClientPair.TableLoadWire, RawLoop, RunFigures.EntitiesPerSecond, Goal.AtLeast, 0.95),
        new(ClientPair.TableLoadWire, RawLoop, RunFigures.CpuUsPerEntity),
        new(ClientPair.TableLoadWire, RawLoop, RunFigures.CpuUsPerEntityMeasured),
    ];

    public static string Render(IReadOnlyList<BenchRow> rows)
    {
        var reads = rows.Where(r => r.Table == Name).ToList();
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"| {"client",-31} | {"rounds",6} | {string.Join(" | ", Metrics.Select(m => $"{m.Label,-30}"))} |");
        text.AppendLine($"|{new string('-', 33)}|-------:|" + string.Join("|", Metrics.Select(_ => new string('-', 31) + ":")) + "|");
        foreach (var (client, label) in Clients)
        {
            var rounds = reads.Where(r => r.Client == client).Select(r => r.Run).Distinct().Count();
            var cells = string.Join(" | ", Metrics.Select(m => $"{RoundSpread.Show(Values(reads, client, m.Metric).Values, m.Format),30}"));
            text.AppendLine(CultureInfo.InvariantCulture, $"| {label,-31} | {rounds,6} | {cells} |");
        }

        text.AppendLine();
        text.AppendLine("| ratio                                                              | figure                    | of the means | rounds' min–max | target | met |");
        text.AppendLine("|--------------------------------------------------------------------|---------------------------|-------------:|----------------:|-------:|:---:|");
        foreach (var ratio in Ratios)
        {
            text.AppendLine(ratio.Render(reads));
        }

        foreach (var row in reads.Where(r => r.Metric == RunFigures.FailedEntities && r.Value > 0))
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"warning: {row.Client} round {row.Run} had {row.Value:N0} failed reads (a loop's include those that found no entity)");
        }

        // TableLoad's reads of keys the preload did not write are not_found, not failures: the two sides would then read different entities.
        foreach (var row in reads.Where(r => r.Metric == RunFigures.NotFound && r.Value > 0))
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"warning: {row.Client} round {row.Run} had {row.Value:N0} reads that found no entity");
        }

        return text.ToString();
    }

    private static Dictionary<int, double> Values(List<BenchRow> rows, string client, string metric) =>
        rows.Where(r => r.Client == client && r.Metric == metric).GroupBy(r => r.Run).ToDictionary(g => g.Key, g => g.Last().Value);

    private enum Goal
    {
        None,
        AtLeast,
        AtMost,
    }

    /// <summary>A TableLoad client's figure ÷ its baseline's; <see cref="Bound"/> is TableLoad's target for reads unless <see cref="Goal"/> is none.</summary>
    private sealed record Ratio(string Client, string Baseline, string Metric, Goal Goal = Goal.None, double Bound = 0)
    {
        public string Render(List<BenchRow> rows)
        {
            var ours = Values(rows, Client, Metric);
            var theirs = Values(rows, Baseline, Metric);
            var name = $"{Label(Client)} ÷ {Label(Baseline)}";
            var figure = Metrics.First(m => m.Metric == Metric).Label;
            if (ours.Count == 0 || theirs.Count == 0 || theirs.Values.Average() <= 0)
            {
                return $"| {name,-66} | {figure,-25} | {"n/a",12} | {"n/a",15} | {Target,6} | {"",3} |";
            }

            var ratio = ours.Values.Average() / theirs.Values.Average();
            var paired = ours.Keys.Where(run => theirs.TryGetValue(run, out var baseline) && baseline > 0).Select(run => ours[run] / theirs[run]).ToList();
            var spread = paired.Count > 0 ? string.Create(CultureInfo.InvariantCulture, $"{paired.Min():F2}–{paired.Max():F2}") : "n/a";
            var met = Goal switch
            {
                Goal.None => "",
                Goal.AtLeast => ratio >= Bound ? "yes" : "no",
                Goal.AtMost => ratio <= Bound ? "yes" : "no",
            };
            return string.Create(CultureInfo.InvariantCulture, $"| {name,-66} | {figure,-25} | {ratio,12:F2} | {spread,15} | {Target,6} | {met,3} |");
        }

        private string Target => Goal switch
        {
            Goal.None => "—",
            Goal.AtLeast => string.Create(CultureInfo.InvariantCulture, $"≥ {Bound:F2}"),
            Goal.AtMost => string.Create(CultureInfo.InvariantCulture, $"≤ {Bound:F2}"),
        };

        private static string Label(string client) => Clients.First(c => c.Client == client).Label;
    }
}
