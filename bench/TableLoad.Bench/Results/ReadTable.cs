using System.Globalization;
using System.Text;
using static TableLoad.Bench.Results.TargetTable;

namespace TableLoad.Bench.Results;

/// <summary>
/// Renders bench-reads.sh's raw rows (table <c>reads</c>): each client's reads/s, CPU per read and p99, and each TableLoad client ÷ its
/// baseline (TableLoad with idle workers spinning too, so the share of the runtime setting in the SDK client's ratio shows), against
/// TableLoad's targets for reads where it names one. An entity of the raw rows is a read.
/// </summary>
internal static class ReadTable
{
    public const string Name = "reads";
    public const string SdkLoop = "sdk-read-loop";
    public const string RawLoop = "raw-read-loop";

    /// <summary>TableLoad --client sdk with idle thread-pool workers spinning, as .NET's default has them: what the runtime setting alone is worth.</summary>
    public const string TableLoadSdkSpinning = "tableload-sdk-spinning";

    // Issue 40's targets: --client sdk reads at least as fast as the SDK loop at ≤ 0.8× its CPU per read, --client wire ≥ 0.95× the raw loop's reads/s.
    // The CPU target is judged on the whole process's CPU (summary.json's client.cpu_us_per_entity against the loop's own), as each side reports it.
    private static readonly TargetTable Table = new(
        Name,
        [
            new(ClientPair.TableLoadSdk, "tableload --client sdk"),
            new(TableLoadSdkSpinning, "tableload sdk, workers spinning"),
            new(SdkLoop, "plain SDK loop (GetEntityAsync)"),
            new(ClientPair.TableLoadWire, "tableload --client wire"),
            new(RawLoop, "raw HTTP GET loop"),
        ],
        [
            new(RunFigures.EntitiesPerSecond, "reads/s", "N0"),
            new(RunFigures.CpuUsPerEntity, "CPU µs per read", "F1"),
            new(RunFigures.CpuUsPerEntityMeasured, "CPU µs per read, measured", "F1"),
            new(RunFigures.P99Ms, "p99 ms", "F1"),
        ],
        [
            new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.EntitiesPerSecond, Goal.AtLeast, 1.0),
            new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.CpuUsPerEntity, Goal.AtMost, 0.8),
            new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.CpuUsPerEntityMeasured),
            new(TableLoadSdkSpinning, SdkLoop, RunFigures.EntitiesPerSecond),
            new(TableLoadSdkSpinning, SdkLoop, RunFigures.CpuUsPerEntity),
            new(ClientPair.TableLoadWire, RawLoop, RunFigures.EntitiesPerSecond, Goal.AtLeast, 0.95),
            new(ClientPair.TableLoadWire, RawLoop, RunFigures.CpuUsPerEntity),
            new(ClientPair.TableLoadWire, RawLoop, RunFigures.CpuUsPerEntityMeasured),
        ]);

    public static string Render(IReadOnlyList<BenchRow> rows)
    {
        var text = new StringBuilder(Table.Render(rows));
        var reads = rows.Where(r => r.Table == Name).ToList();
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
}
