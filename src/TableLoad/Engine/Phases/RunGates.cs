using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Settings;

namespace TableLoad.Engine.Phases;

/// <summary>Judges a finished run against its gates: the verdicts into summary.json, then one line each and the JUnit file of <c>--junit</c>.</summary>
internal static class RunGates
{
    /// <summary>The run's summary with its thresholds' verdicts, before any file is written from it.</summary>
    public static (RunSummary Summary, IReadOnlyList<ThresholdVerdict> Verdicts) Judge(RunSettings settings, RunSummary summary) =>
        ThresholdJudge.Recorded(summary, settings.Gates.FailIf);

    public static Task<GateOutcome> SayAsync(RunSettings settings, IReadOnlyList<ThresholdVerdict> verdicts, RunSummary summary, TextWriter output) =>
        ThresholdReport.WriteAsync(verdicts, settings.Gates.AbortIf, summary, output, settings.JunitPath, $"tableload run {settings.RunId}");
}
