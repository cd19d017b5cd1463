using System.Text.Json.Nodes;
using TableLoad.Measurement.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>compare's <c>--json</c>: what the lines say, for scripts and analysis/compare.R, so both show one computation.</summary>
internal static class ComparisonJson
{
    /// <summary>The JSON as printed: indented, and <c>&gt;</c>, <c>+</c> and <c>µ</c> written as themselves, as in every result file.</summary>
    public static string Render(RunComparison comparison, IReadOnlyCollection<GatedFigure> gated) => Of(comparison, gated).ToJsonString(ResultJson.NewOptions());

    public static JsonObject Of(RunComparison comparison, IReadOnlyCollection<GatedFigure> gated)
    {
        return new JsonObject
        {
            ["level"] = comparison.Level,
            ["rounds"] = comparison.Rounds,
            ["base"] = Side(comparison.Base),
            ["new"] = Side(comparison.New),
            ["figures"] = Figures(comparison.Figures, null),
            ["operations"] = Slices(comparison.Operations),
            ["scenarios"] = Slices(comparison.Scenarios),
            ["knobs"] = new JsonArray([.. comparison.Knobs.Select(k => (JsonNode)new JsonObject { ["name"] = k.Name, ["base"] = k.Base, ["new"] = k.New })]),
            ["knobs_sentence"] = ComparisonLines.KnobsSentence(comparison),
            ["fail_on"] = new JsonArray([.. gated.Select(g => (JsonNode)JsonValue.Create(g.Name))]),
            ["gate_failed"] = comparison.GateFails(gated),
            ["gate_undecided"] = new JsonArray([.. comparison.UndecidedAmong(gated).Select(g => (JsonNode)JsonValue.Create(g.Name))]),
        };
    }

    /// <summary>Each part (operation or scenario) by its name: its figures as the run's are written, or the one side that has it; a scenario's operations alike.</summary>
    private static JsonObject Slices(IReadOnlyList<SliceComparison> slices)
    {
        var json = new JsonObject();
        foreach (var slice in slices)
        {
            var one = new JsonObject
            {
                ["only_on"] = slice.OnlyOn?.ToName(),
                ["same_as_run"] = slice.SameAsOwner,
                ["figures"] = Figures(slice.Figures, slice.Scope),
            };
            switch (slice.Kind)
            {
                case SliceKind.Scenario:
                    one["operations"] = Slices(slice.Operations);
                    break;
                case SliceKind.Operation:
                    break;
            }

            json[slice.Name] = one;
        }

        return json;
    }

    private static JsonArray Figures(IReadOnlyList<FigureComparison> compared, string? scope)
    {
        var figures = new JsonArray();
        foreach (var f in compared)
        {
            var (low, high) = f.ChangeInterval;
            var relative = f.RelativeInterval;
            figures.Add(new JsonObject
            {
                ["figure"] = f.Figure.Name(),
                ["base"] = f.Centres.Base,
                ["new"] = f.Centres.New,
                ["centres"] = f.CentresAre,
                ["change"] = f.Change,
                ["change_low"] = low,
                ["change_high"] = high,
                ["relative_change"] = f.RelativeChange,
                ["relative_low"] = relative?.Low,
                ["relative_high"] = relative?.High,
                ["scale"] = f.Scale switch { ChangeScale.Ratio => "ratio", ChangeScale.Points => "points" },
                ["undecided"] = f.Undecided,
                ["verdict"] = Verdict(f.Verdict),
                ["run_noise"] = f.Noise is { } noise
                    ? new JsonObject { ["source"] = NoiseWords.Source(noise.Source), ["share"] = noise.Share, ["points"] = noise.Points, ["repeats"] = noise.Repeats }
                    : null,
                ["runs_to_decide"] = NoiseWords.RunsToDecide(f),
                ["paired"] = f.Paired is { } paired
                    ? new JsonObject { ["rounds"] = paired.Rounds, ["differences"] = new JsonArray([.. paired.Differences.Select(d => (JsonNode)JsonValue.Create(d))]), ["sd"] = paired.StandardDeviation }
                    : null,
                ["line"] = ComparisonLines.Line(f, scope),
            });
        }

        return figures;
    }

    public static string Verdict(ComparisonVerdict verdict) => verdict switch
    {
        ComparisonVerdict.Better => "better",
        ComparisonVerdict.Worse => "worse",
        ComparisonVerdict.NoDifference => "no_difference",
        ComparisonVerdict.CannotDecide => "cannot_decide",
    };

    private static JsonObject Side(ComparedSide side) => new()
    {
        ["path"] = side.Path,
        ["runs"] = side.Runs.Count,
        ["folders"] = new JsonArray([.. side.Runs.Select(r => (JsonNode)JsonValue.Create(r.Path))]),
    };
}
