using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting;

/// <summary>
/// Judges one summary against <c>--fail-if</c> thresholds as run and report do: one line each, and the JUnit file
/// of <c>--junit</c>.
/// </summary>
internal static class ThresholdReport
{
    /// <param name="suiteName">The JUnit testsuite's name, e.g. "tableload run 20261126-...".</param>
    public static async Task<GateOutcome> JudgeAsync(IReadOnlyList<Threshold> thresholds, RunSummary summary, TextWriter output, string? junitPath, string suiteName)
    {
        if (thresholds.Count == 0)
        {
            return GateOutcome.None;
        }

        var verdicts = ThresholdJudge.Judge(summary, thresholds, RunIntervals.Of);
        foreach (var verdict in verdicts)
        {
            await output.WriteLineAsync(verdict.Line()).ConfigureAwait(false);
        }

        if (junitPath is not null)
        {
            JunitReport.Write(junitPath, suiteName, [.. verdicts.Select(JunitCase.Of)], summary.MeasuredSeconds);
        }

        return ThresholdJudge.Outcome(verdicts);
    }
}
