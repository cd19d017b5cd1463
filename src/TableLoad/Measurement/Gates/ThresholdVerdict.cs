using TableLoad.Measurement.Confidence;
using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>How a run stood against one threshold: its value, the value's interval where known, passed or not.</summary>
/// <param name="Value">Null when the run measured nothing the figure is read from: that fails the threshold.</param>
internal sealed record ThresholdVerdict(Threshold Threshold, double? Value, ConfidenceInterval? Interval)
{
    public bool Passed => Value is { } value && Threshold.IsMetBy(value);

    /// <summary>One line of the run's end: <c>threshold p99&lt;500ms: 459.2 ms (95% CI 430.1–490.3) passed</c>.</summary>
    public string Line()
    {
        var figure = Threshold.Figure;
        var measured = Value is { } value
            ? FigureFormat.Value(figure, value) + (Interval is { } ci
                ? $" ({ci.Level * 100:0}% CI {FigureFormat.Bare(figure, ci.Lo)}–{FigureFormat.Bare(figure, ci.Hi)})"
                : "")
            : Threshold.Figure.IsServices() ? $"cannot decide ({NothingMeasured})" : $"not measured ({NothingMeasured})";
        return $"threshold {Threshold.Text}: {measured} {(Passed ? "passed" : "FAILED")}";
    }

    /// <summary>Why a broken threshold failed, for a JUnit failure message.</summary>
    public string FailureMessage() => Value is { } value
        ? $"{Threshold.Figure.Name(Threshold.Scope)} was {FigureFormat.Value(Threshold.Figure, value)}, the bound is {Threshold.BoundText()}"
        : Threshold.Figure.IsServices()
            ? $"{Threshold.Figure.Name()} cannot be decided: {NothingMeasured}"
            : $"{Threshold.Figure.Name(Threshold.Scope)} was not measured: {NothingMeasured}";

    private string NothingMeasured => Threshold.Figure.IsServices() ? "the service's metrics gave no such figure (--service-metrics, and summary.json's service.unavailable)"
        : Threshold.Scope is { } scope ? $"no {scope} request was measured" : "no batch was measured";
}

/// <summary>Judges a run's summary against its thresholds.</summary>
internal static class ThresholdJudge
{
    /// <summary>Each threshold judged on the figures of its scope in <paramref name="summary"/> (the run's without one); a scope the run lacks measured nothing.</summary>
    /// <param name="interval">The figure's interval in the scope's figures, where they have one.</param>
    public static IReadOnlyList<ThresholdVerdict> Judge(RunSummary summary, IReadOnlyList<Threshold> thresholds, Func<ScopeFigures, RunFigure, ConfidenceInterval?> interval) =>
        [.. thresholds.Select(t => ScopeFigures.In(summary, t.Scope) is { } figures
            ? new ThresholdVerdict(t, t.Figure.Read(figures), interval(figures, t.Figure))
            : new ThresholdVerdict(t, null, null))];

    /// <summary>The verdicts on <paramref name="summary"/>'s figures, and the summary that records them (<see cref="RunSummary.Thresholds"/>; null without thresholds).</summary>
    public static (RunSummary Summary, IReadOnlyList<ThresholdVerdict> Verdicts) Recorded(RunSummary summary, IReadOnlyList<Threshold> thresholds)
    {
        var verdicts = Judge(summary, thresholds, RunIntervals.Of);
        return (summary with { Thresholds = verdicts.Count == 0 ? null : [.. verdicts.Select(ThresholdResult.Of)] }, verdicts);
    }

    /// <summary>Failed when any verdict failed; None when there were no thresholds.</summary>
    public static GateOutcome Outcome(IReadOnlyList<ThresholdVerdict> verdicts) =>
        verdicts.Count == 0 ? GateOutcome.None : verdicts.All(v => v.Passed) ? GateOutcome.Passed : GateOutcome.Failed;
}
