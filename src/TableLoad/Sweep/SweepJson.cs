using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using TableLoad.Reporting;

namespace TableLoad.Sweep;

/// <summary>sweep.json's contract, in the same JSON shape as every other result file.</summary>
internal static class SweepJson
{
    private static readonly SweepJsonContext Context = new(ResultJson.NewOptions());

    public static JsonTypeInfo<SweepDescription> Description => Context.SweepDescription;
}

[JsonSerializable(typeof(SweepDescription))]
internal sealed partial class SweepJsonContext : JsonSerializerContext;
