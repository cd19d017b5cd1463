using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using TableLoad.Reporting;

namespace TableLoad.Rounds;

/// <summary>rounds.json: how a comparison by rounds was made, and its runs in the order they ran, each with its exit code once it ended.</summary>
internal sealed record RoundsDescription(int Rounds, string Base, string New, IReadOnlyList<string> Shared, IReadOnlyList<RoundsDescription.Entry> Order, DateTimeOffset StartedUtc)
{
    /// <param name="ExitCode">The run's exit code; null while it has not run.</param>
    internal sealed record Entry(int Round, string Side, string Folder, int? ExitCode);

    public static RoundsDescription Plan(RoundsSettings settings) => new(
        settings.Rounds, settings.Base.Given, settings.New.Given, settings.SharedArguments,
        [.. RoundsOrder.Of(settings.Rounds).Select(r => new Entry(r.Round, r.Side, r.Folder, null))], settings.StartedUtc);

    public RoundsDescription Ended(int index, int exitCode) => this with { Order = [.. Order.Select((e, i) => i == index ? e with { ExitCode = exitCode } : e)] };

    public static JsonTypeInfo<RoundsDescription> Json => RoundsJsonContext.Shared.RoundsDescription;
}

[JsonSerializable(typeof(RoundsDescription))]
internal sealed partial class RoundsJsonContext : JsonSerializerContext
{
    public static readonly RoundsJsonContext Shared = new(ResultJson.NewOptions());
}
