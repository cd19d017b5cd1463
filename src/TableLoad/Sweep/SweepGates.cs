using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Settings.Gates;

namespace TableLoad.Sweep;

/// <summary>
/// The sweep's <c>--fail-if</c> thresholds, judged on each cell's own summary (as the cell's run judged them, exiting
/// 99 when one broke), and the sweep's <c>--junit</c> file: one testsuite, a testcase per cell and threshold or <c>--abort-if</c> condition.
/// </summary>
internal sealed class SweepGates(IReadOnlyList<Threshold> thresholds, IReadOnlyList<AbortCondition> abortConditions, string? junitPath)
{
    public bool Any => thresholds.Count > 0;

    public IReadOnlyList<ThresholdVerdict> Judge(RunSummary summary) => ThresholdJudge.Judge(summary, thresholds, RunIntervals.Of);

    /// <summary>Writes the JUnit file of <paramref name="rows"/>, each judged on its cell's summary; nothing without --junit.</summary>
    /// <param name="summaryOf">The summary of a cell; null when it has none to give.</param>
    public void WriteJunit(string suiteName, IReadOnlyList<SweepRow> rows, Func<SweepCell, RunSummary?> summaryOf)
    {
        if (junitPath is null)
        {
            return;
        }

        var cases = new List<JunitCase>();
        var seconds = 0.0;
        foreach (var row in rows)
        {
            // A resumed cell's summary is read back like a new one's; a folder deleted since has no verdicts to give.
            if (summaryOf(row.Cell) is { } summary)
            {
                cases.AddRange(Judge(summary).Select(v => JunitCase.Of(v, row.Cell.Name)));
                cases.AddRange(abortConditions.Select(c => JunitCase.Of(c, summary.StoppedBy, row.Cell.Name)));
                seconds += summary.MeasuredSeconds;
            }
        }

        JunitReport.Write(junitPath, suiteName, cases, seconds);
    }
}
