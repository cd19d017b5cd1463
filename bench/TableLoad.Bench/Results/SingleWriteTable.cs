using System.Globalization;
using System.Text;
using static TableLoad.Bench.Results.TargetTable;

namespace TableLoad.Bench.Results;

/// <summary>
/// Renders bench.sh --single's raw rows: single upserts (<c>--batch-size none</c>, one entity a request) of each TableLoad client
/// beside its baseline, against the fake endpoint (table <c>single-ceiling</c>) or Azurite (<c>single-azurite</c>), with the ratios
/// TableLoad's targets for single writes name. An entity of the raw rows is a request.
/// </summary>
internal static class SingleWriteTable
{
    public const string CeilingName = "single-ceiling";
    public const string AzuriteName = "single-azurite";
    public const string SdkLoop = "sdk-upsert-loop";
    public const string PutFloor = "put-floor";

    // Issue 52's targets: --client sdk at least the SDK loop's requests/s at ≤ 0.6× its CPU per request, --client wire ≥ 0.95× the PUT floor's
    // requests/s. The CPU target is judged on the whole process's CPU (summary.json's client.cpu_us_per_entity against the loop's own), as reads are.
    private static readonly Client[] Clients =
    [
        new(ClientPair.TableLoadSdk, "tableload --client sdk --batch-size none"),
        new(SdkLoop, "plain SDK loop (UpsertEntityAsync)"),
        new(ClientPair.TableLoadWire, "tableload --client wire --batch-size none"),
        new(PutFloor, "raw PUT floor"),
    ];

    private static readonly Figure[] Figures =
    [
        new(RunFigures.EntitiesPerSecond, "requests/s", "N0"),
        new(RunFigures.CpuUsPerEntity, "CPU µs per request", "F1"),
        new(RunFigures.CpuUsPerEntityMeasured, "CPU µs per request, measured", "F1"),
        new(RunFigures.AllocatedBytesPerBatch, "allocated bytes per request", "N0"),
        new(RunFigures.P99Ms, "p99 ms", "F1"),
    ];

    private static readonly Ratio[] Ratios =
    [
        new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.EntitiesPerSecond, Goal.AtLeast, 1.0),
        new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.CpuUsPerEntity, Goal.AtMost, 0.6),
        new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.CpuUsPerEntityMeasured),
        new(ClientPair.TableLoadSdk, SdkLoop, RunFigures.AllocatedBytesPerBatch),
        new(ClientPair.TableLoadWire, PutFloor, RunFigures.EntitiesPerSecond, Goal.AtLeast, 0.95),
        new(ClientPair.TableLoadWire, PutFloor, RunFigures.CpuUsPerEntity),
        new(ClientPair.TableLoadWire, PutFloor, RunFigures.CpuUsPerEntityMeasured),
    ];

    public static string Render(IReadOnlyList<BenchRow> rows, string table)
    {
        var text = new StringBuilder(new TargetTable(table, Clients, Figures, Ratios).Render(rows));
        foreach (var row in rows.Where(r => r.Table == table && r.Metric == RunFigures.FailedEntities && r.Value > 0))
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"warning: {row.Client} round {row.Run} had {row.Value:N0} failed requests");
        }

        return text.ToString();
    }
}
