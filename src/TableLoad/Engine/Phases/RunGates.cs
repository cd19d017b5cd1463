using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Settings;

namespace TableLoad.Engine.Phases;

/// <summary>Judges a finished run against its <c>--fail-if</c> thresholds: one line each, and the JUnit file of <c>--junit</c>.</summary>
internal static class RunGates
{
    public static Task<GateOutcome> JudgeAsync(RunSettings settings, RunSummary summary, TextWriter output) =>
        ThresholdReport.JudgeAsync(settings.Gates.FailIf, summary, output, settings.JunitPath, $"tableload run {settings.RunId}");
}
