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
    /// Each operation of either side, judged by <paramref name="judge"/>, when the sides have operations to compare beyond the
    /// run's own: a mix on either side, or single operations that match. Runs of different single operations get none: their
    /// operation is a knob that differs.
    /// </summary>
    public static IReadOnlyList<OperationComparison> Between(
        ComparedSide baseSide, ComparedSide newSide, Func<ComparedSide, ComparedSide, IReadOnlyList<FigureComparison>> judge)
    {
        var before = OperationSide.Names(baseSide);
        var after = OperationSide.Names(newSide);
        var mix = before.Count > 1 || after.Count > 1;
        if (!mix && !before.SequenceEqual(after, StringComparer.Ordinal))
        {
            return [];
        }

        return [.. before.Union(after, StringComparer.Ordinal).Select(name => (before.Contains(name), after.Contains(name)) switch
        {
            (true, true) => new OperationComparison(name, judge(OperationSide.Of(baseSide, name), OperationSide.Of(newSide, name)), null),
            (true, false) => new OperationComparison(name, [], "base"),
            _ => new OperationComparison(name, [], "new"),
        })];
    }
}
