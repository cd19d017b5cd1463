using TableLoad.Measurement.Gates;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>
/// One part of the runs measured apart (an operation, a scenario, or a scenario's operation), its figures NEW against BASE;
/// or the side that lacks it, when only one side has it.
/// </summary>
/// <param name="Name">The part's own name, as summary.json keys it: <c>read</c>, <c>lookups</c>.</param>
/// <param name="Scope">The name <c>--fail-on</c> scopes its figures by: the name, after its scenario's for a scenario's operation (<c>lookups.read</c>).</param>
/// <param name="Figures">Empty when <paramref name="OnlyOn"/> is set.</param>
/// <param name="OnlyOn">The one side that has the part; null when both do.</param>
internal sealed record SliceComparison(SliceKind Kind, string Name, string Scope, IReadOnlyList<FigureComparison> Figures, ComparisonSide? OnlyOn)
{
    /// <summary>The figures compared for each part: what summary.json's <c>operations</c> and <c>scenarios</c> hold for each (no CPU, which is the process's).</summary>
    public static IReadOnlyList<RunFigure> Compared => Measurement.Gates.Figures.ComparedPerPart;

    /// <summary>Why a gate on this part cannot be decided; null when both sides have it.</summary>
    public string? Lacking => OnlyOn is { } side
        ? side switch
        {
            ComparisonSide.Base => $"only base {Verb} {Name}; new did not",
            ComparisonSide.New => $"only new {Verb} {Name}; base did not",
        }
        : null;

    private string Verb => Kind switch
    {
        SliceKind.Operation => "sent",
        SliceKind.Scenario => "ran",
    };

    /// <summary>
    /// Both sides have this part alone in its owner (the run, or a scenario), so its figures are the owner's: printed once, as
    /// the owner's, and gated the same through either name (<c>read.p99</c> or <c>p99</c>).
    /// </summary>
    public bool SameAsOwner { get; init; }

    /// <summary>A scenario's operations, compared alike; none for an operation.</summary>
    public IReadOnlyList<SliceComparison> Operations { get; init; } = [];

    /// <summary>Each part of <paramref name="kind"/> either side has, judged by <paramref name="judge"/> where both have it, else named with the side that does.</summary>
    /// <param name="owner">The scenario the parts are of, whose name scopes theirs; null for the run's.</param>
    public static IReadOnlyList<SliceComparison> Between(
        ComparedSide baseSide, ComparedSide newSide, SliceKind kind, string? owner, Func<ComparedSide, ComparedSide, IReadOnlyList<FigureComparison>> judge)
    {
        var before = SliceSide.Names(baseSide, kind);
        var after = SliceSide.Names(newSide, kind);
        var alone = before.Count == 1 && before.SequenceEqual(after, StringComparer.Ordinal);
        return [.. before.Union(after, StringComparer.Ordinal).Select(name =>
        {
            var scope = owner is null ? name : ScenarioSlices.Of(owner, name);
            return (before.Contains(name), after.Contains(name)) switch
            {
                (true, true) => Judged(SliceSide.Of(baseSide, kind, name), SliceSide.Of(newSide, kind, name), kind, name, scope, judge) with { SameAsOwner = alone },
                (true, false) => new SliceComparison(kind, name, scope, [], ComparisonSide.Base),
                _ => new SliceComparison(kind, name, scope, [], ComparisonSide.New),
            };
        })];
    }

    private static SliceComparison Judged(
        ComparedSide baseSide, ComparedSide newSide, SliceKind kind, string name, string scope, Func<ComparedSide, ComparedSide, IReadOnlyList<FigureComparison>> judge) =>
        new(kind, name, scope, judge(baseSide, newSide), null)
        {
            Operations = kind switch
            {
                // A side narrowed to a scenario holds the scenario's operations as its run's.
                SliceKind.Scenario => Between(baseSide, newSide, SliceKind.Operation, scope, judge),
                SliceKind.Operation => [],
            },
        };

    /// <summary>This part and every part within it (a scenario's operations).</summary>
    public IEnumerable<SliceComparison> AndWithin() => [this, .. Operations.SelectMany(o => o.AndWithin())];
}
