using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>One operation's figures NEW against BASE; or the side that lacks it, when only one side sent it.</summary>
/// <param name="Figures">Empty when <paramref name="OnlyOn"/> is set.</param>
/// <param name="OnlyOn">"base" or "new": the one side that sent the operation; null when both did.</param>
internal sealed record OperationComparison(string Name, IReadOnlyList<FigureComparison> Figures, string? OnlyOn)
{
    /// <summary>The figures compared for each operation: what summary.json's <c>operations</c> holds for each (no CPU, which is the process's).</summary>
    public static IReadOnlyList<RunFigure> Compared { get; } =
        [RunFigure.Eps, RunFigure.P50, RunFigure.P90, RunFigure.P99, RunFigure.Throttled, RunFigure.Failed];

    /// <summary>Why a gate on this operation cannot be decided; null when both sides sent it.</summary>
    public string? Lacking => OnlyOn switch
    {
        null => null,
        "base" => $"only base sent {Name}; new did not",
        _ => $"only new sent {Name}; base did not",
    };

    /// <summary>
    /// Both sides sent this operation alone, so its figures are the run's: printed once, as the run's, and gated the same
    /// through either name (<c>read.p99</c> or <c>p99</c>).
    /// </summary>
    public bool SameAsRun { get; init; }

    /// <summary>Each operation either side sent, judged by <paramref name="judge"/> where both sent it, else named with the side that did.</summary>
    public static IReadOnlyList<OperationComparison> Between(
        ComparedSide baseSide, ComparedSide newSide, Func<ComparedSide, ComparedSide, IReadOnlyList<FigureComparison>> judge)
    {
        var before = OperationSide.Names(baseSide);
        var after = OperationSide.Names(newSide);
        var alone = before.Count == 1 && before.SequenceEqual(after, StringComparer.Ordinal);
        return [.. before.Union(after, StringComparer.Ordinal).Select(name => (before.Contains(name), after.Contains(name)) switch
        {
            (true, true) => new OperationComparison(name, judge(OperationSide.Of(baseSide, name), OperationSide.Of(newSide, name)), null) { SameAsRun = alone },
            (true, false) => new OperationComparison(name, [], "base"),
            _ => new OperationComparison(name, [], "new"),
        })];
    }
}
