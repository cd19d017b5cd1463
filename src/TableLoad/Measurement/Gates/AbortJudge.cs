using System.Globalization;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>
/// Judges the <c>--abort-if</c> conditions as each measured second of the whole fleet arrives, over the last
/// seconds of each condition's window (a sliding window, not the run so far), and calls for the stop once one holds.
/// </summary>
/// <param name="measuredStartEpochSecond">The first measured second; warm-up seconds are not judged.</param>
/// <param name="measuredSeconds">The measured time planned (--duration or the stages' sum): the seconds after it hold only the
/// answers to batches in flight at the stop, a fraction of a second's load, and are not judged.</param>
/// <param name="stop">Asks the run to stop starting batches; called once, off the thread that publishes the seconds.</param>
/// <param name="slices">The run's slices of each second (<see cref="Window.Slices"/>: a mix's operations); a condition scoped by one
/// reads that slice, a condition scoped by the one operation of a run that sends one reads the whole second.</param>
internal sealed class AbortJudge(
    IReadOnlyList<AbortCondition> conditions, ILoadTarget target, RunIdentity identity, long measuredStartEpochSecond, double measuredSeconds, Action stop,
    IReadOnlyList<string>? slices = null) : IWindowSink
{
    private readonly Queue<Window> _seconds = new();
    private readonly int _longestWindow = conditions.Count == 0 ? 0 : conditions.Max(c => c.WindowSeconds);
    private readonly string[] _scopes = [.. conditions.Select(c => c.Scope).OfType<string>().Distinct(StringComparer.Ordinal)];
    private readonly IReadOnlyList<string> _slices = slices ?? [];

    // A second's latency histogram is some 190 KB: kept only when a condition reads latency.
    private readonly bool _keepLatency = conditions.Any(c => c.Figure.Unit() == FigureUnit.Milliseconds);

    /// <summary>The condition that held and its figures, once one has; null while none has.</summary>
    public StoppedBy? StoppedBy { get; private set; }

    public void OnWindow(Window window, bool warmup)
    {
        var atSecond = window.EpochSecond + 1 - measuredStartEpochSecond;
        if (warmup || StoppedBy is not null || _longestWindow == 0 || atSecond > Math.Ceiling(measuredSeconds))
        {
            return;
        }

        // The oldest second's window is reused once the longest window is full, so judging allocates nothing more.
        _seconds.Enqueue(CopyInto(_seconds.Count == _longestWindow ? _seconds.Dequeue() : new Window(), window));

        foreach (var condition in conditions)
        {
            if (_seconds.Count >= condition.WindowSeconds && Judge(condition, atSecond) is { } stoppedBy)
            {
                StoppedBy = stoppedBy with { Sentence = SentenceOf(condition, stoppedBy, target.StageAt(atSecond)) };
                // Off this thread: the loops that stopping wakes must not run inside the publishing of a second.
                _ = Task.Run(stop);
                return;
            }
        }
    }

    private StoppedBy? Judge(AbortCondition condition, long atSecond)
    {
        var totals = new RunTotals();
        foreach (var second in _seconds.Skip(_seconds.Count - condition.WindowSeconds))
        {
            totals.OnWindow(condition.Scope is { } scope ? second.Slices![scope] : second, warmup: false);
        }

        var summary = RunSummary.Create(identity, totals, condition.WindowSeconds, RunStatus.Complete, 1, ClientUsage.From([], 0));
        if (condition.Figure.Read(summary) is not { } figure)
        {
            return null;
        }

        // The window's seconds were meant to send their own targets: on a ramp, the mean of them, not the latest.
        var windowTarget = target.EntitiesPerSecondAt(atSecond) is null ? (double?)null
            : Enumerable.Range(0, condition.WindowSeconds).Average(k => target.EntitiesPerSecondAt(atSecond - k - 0.5)!.Value);
        return condition.At(windowTarget).IsMetBy(figure)
            ? new StoppedBy(condition.Text, atSecond, figure, target.EntitiesPerSecondAt(atSecond))
            : null;
    }

    private static string SentenceOf(AbortCondition condition, StoppedBy stoppedBy, string? stage)
    {
        var targetText = stoppedBy.Target is { } rate
            ? string.Create(CultureInfo.InvariantCulture, $", with the target at {FigureFormat.Value(RunFigure.Eps, rate)}")
            : "";
        var stageText = stage is null ? "" : $", in {stage}";
        return string.Create(CultureInfo.InvariantCulture,
            $"Stopped by --abort-if {condition.Text} at second {stoppedBy.AtSecond}{stageText}: {condition.Figure.Name(condition.Scope)} was {FigureFormat.Value(condition.Figure, stoppedBy.Figure)} over the last {condition.WindowSeconds} s{targetText}.");
    }

    private Window CopyInto(Window copy, Window window)
    {
        copy.Reset(window.EpochSecond);
        CopyMeasurements(copy, window);
        foreach (var scope in _scopes)
        {
            // Kept even when the second has no slice of it: a second in which the operation ended nothing is judged as empty.
            var kept = copy.Slice(scope);
            if ((_slices.Contains(scope, StringComparer.Ordinal) ? window.Slices?.GetValueOrDefault(scope) : window) is { } part)
            {
                CopyMeasurements(kept, part);
            }
        }

        return copy;
    }

    private void CopyMeasurements(Window copy, Window window)
    {
        copy.Counts.Add(window.Counts);
        if (_keepLatency)
        {
            copy.Latency.Add(window.Latency);
        }
    }
}
