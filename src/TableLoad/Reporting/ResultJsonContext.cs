using System.Text.Json.Serialization;
using TableLoad.Measurement;
using TableLoad.Reporting.Merge;
using TableLoad.Sweep;

namespace TableLoad.Reporting;

/// <summary>The result files' contract: each file's one type, written and read through this generated metadata.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower,
    WriteIndented = true,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(RunSummary))]
[JsonSerializable(typeof(RunDescription))]
[JsonSerializable(typeof(MergedRunDescription))]
[JsonSerializable(typeof(SweepDescription))]
internal sealed partial class ResultJsonContext : JsonSerializerContext;
