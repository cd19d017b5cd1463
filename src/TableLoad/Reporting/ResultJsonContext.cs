using System.Text.Json.Serialization;
using TableLoad.Measurement;
using TableLoad.Reporting.Merge;

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
internal sealed partial class ResultJsonContext : JsonSerializerContext;
