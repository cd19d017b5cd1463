using System.Text.Json.Nodes;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>compare's <c>--json</c>: what the lines say, for scripts and analysis/compare.R, so both show one computation.</summary>
internal static class ComparisonJson
{
    public static JsonObject Of(RunComparison comparison, IReadOnlyCollection<RunFigure> gated)
    {
        var figures = new JsonArray();
        foreach (var f in comparison.Figures)
        {
            var (low, high) = f.ChangeInterval;
            figures.Add(new JsonObject
            {
                ["figure"] = f.Figure.Name(),
                ["base"] = f.Base.Value,
                ["new"] = f.New.Value,
                ["change"] = f.Change,
                ["change_low"] = low,
                ["change_high"] = high,
                ["relative_change"] = f.RelativeChange,
                ["verdict"] = Verdict(f.Verdict),
                ["line"] = ComparisonLines.Line(f),
            });
        }

        var worse = comparison.WorseAmong(gated);
        return new JsonObject
        {
            ["level"] = comparison.Level,
            ["base"] = Side(comparison.Base),
            ["new"] = Side(comparison.New),
            ["figures"] = figures,
            ["knobs"] = new JsonArray([.. comparison.Knobs.Select(k => (JsonNode)new JsonObject { ["name"] = k.Name, ["base"] = k.Base, ["new"] = k.New })]),
            ["knobs_sentence"] = ComparisonLines.KnobsSentence(comparison),
            ["fail_on"] = new JsonArray([.. gated.Select(g => (JsonNode)JsonValue.Create(g.Name()))]),
            ["gate_failed"] = worse.Count > 0,
        };
    }

    public static string Verdict(ComparisonVerdict verdict) => verdict switch
    {
        ComparisonVerdict.Better => "better",
        ComparisonVerdict.Worse => "worse",
        ComparisonVerdict.NoDifference => "no_difference",
    };

    private static JsonObject Side(ComparedSide side) => new()
    {
        ["path"] = side.Path,
        ["runs"] = side.Runs.Count,
    };
}
