using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Settings;

namespace TableLoad.Engine.Phases;

internal enum GateOutcome
{
    None,
    Passed,
    Failed,
}

/// <summary>Judges a finished run against its <c>--fail-if</c> thresholds: one line each, and the JUnit file of <c>--junit</c>.</summary>
internal static class RunGates
{
    public static async Task<GateOutcome> JudgeAsync(RunSettings settings, RunSummary summary, TextWriter output)
    {
        if (settings.FailIf is not { } expression)
        {
            return GateOutcome.None;
        }

        // The expression was checked when the settings were made, so no fault can arise here.
        var verdicts = ThresholdJudge.Judge(summary, ThresholdParser.Parse([expression], "--fail-if", []), RunIntervals.Of);
        foreach (var verdict in verdicts)
        {
            await output.WriteLineAsync(verdict.Line()).ConfigureAwait(false);
        }

        if (settings.JunitPath is { } junit)
        {
            JunitReport.Write(junit, $"tableload run {settings.RunId}", verdicts, summary.MeasuredSeconds);
        }

        return verdicts.All(v => v.Passed) ? GateOutcome.Passed : GateOutcome.Failed;
    }
}
