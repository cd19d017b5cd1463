using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Bench.Loops;

/// <summary>One baseline run, printed as one JSON line. "Measured" figures cover the measured window only; the others the whole process, as TableLoad's summary counts them.</summary>
internal sealed record LoopResult(
    int Tasks,
    double MeasuredSeconds,
    double EntitiesPerSecond,
    long EntitiesSucceeded,
    long FailedBatches,
    double CpuUsPerEntity,
    double CpuUsPerEntityMeasured,
    double AllocatedBytesPerBatch,
    double AllocatedBytesPerBatchMeasured,
    [property: JsonPropertyName("peak_rss_mib")] double PeakRssMiB,
    double P50Ms,
    double P99Ms,
    int GcGen0,
    int GcGen2,
    double GcPausePercent)
{
    private static readonly JsonSerializerOptions Json = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    };

    public string ToJson() => JsonSerializer.Serialize(this, Json);
}
