using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting;

/// <summary>
/// Says how one summary stood against its gates as run and report do: one line per <c>--fail-if</c> threshold, the
/// sentence of the <c>--abort-if</c> condition that stopped it, and the JUnit file of <c>--junit</c>.
/// </summary>
internal static class ThresholdReport
{
    /// <param name="verdicts">The thresholds' verdicts, as summary.json records them.</param>
    /// <param name="conditions">The <c>--abort-if</c> conditions; each is a testcase of the JUnit file.</param>
    /// <param name="suiteName">The JUnit testsuite's name, e.g. "tableload run 20261126-...".</param>
    public static async Task<GateOutcome> WriteAsync(
        IReadOnlyList<ThresholdVerdict> verdicts, IReadOnlyList<AbortCondition> conditions, RunSummary summary, TextWriter output, string? junitPath, string suiteName)
    {
        foreach (var verdict in verdicts)
        {
            await output.WriteLineAsync(verdict.Line()).ConfigureAwait(false);
        }

        if (summary.StoppedBy?.Sentence is { } stopped && conditions.Count > 0)
        {
            await output.WriteLineAsync(stopped).ConfigureAwait(false);
        }

        if (junitPath is not null && verdicts.Count + conditions.Count > 0)
        {
            JunitReport.Write(junitPath, suiteName, [.. verdicts.Select(v => JunitCase.Of(v)), .. conditions.Select(c => JunitCase.Of(c, summary.StoppedBy))], summary.MeasuredSeconds);
        }

        return ThresholdJudge.Outcome(verdicts);
    }
}
