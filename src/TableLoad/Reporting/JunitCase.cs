using TableLoad.Measurement.Gates;

namespace TableLoad.Reporting;

/// <summary>One JUnit testcase: a threshold's verdict, under the class CI groups it by (the run's thresholds, or a sweep cell).</summary>
internal sealed record JunitCase(string ClassName, ThresholdVerdict Verdict)
{
    public const string RunClassName = "tableload.thresholds";

    public static JunitCase Of(ThresholdVerdict verdict) => new(RunClassName, verdict);
}
