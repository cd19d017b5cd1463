using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using TableLoad.Reporting;

namespace TableLoad.Tune;

/// <summary>tune.json's contract, in the same JSON shape as every other result file.</summary>
internal static class TuneJson
{
    private static readonly TuneJsonContext Context = new(ResultJson.NewOptions());

    public static JsonTypeInfo<TuneDescription> Description => Context.TuneDescription;
}

[JsonSerializable(typeof(TuneDescription))]
internal sealed partial class TuneJsonContext : JsonSerializerContext;
