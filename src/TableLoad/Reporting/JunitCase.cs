using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting;

/// <summary>One JUnit testcase: a gate's verdict (a <c>--fail-if</c> threshold or an <c>--abort-if</c> condition), under the class CI groups it by.</summary>
/// <param name="Output">The line the run printed for it.</param>
/// <param name="Failure">Why it failed, the failure's message; null when it passed.</param>
/// <param name="FailureType">The failure's type: threshold or abort.</param>
internal sealed record JunitCase(string ClassName, string Name, string Output, string? Failure, string FailureType)
{
    public const string RunClassName = "tableload.thresholds";

    public const string AbortClassName = "tableload.abort-if";

    public static JunitCase Of(ThresholdVerdict verdict, string className = RunClassName) =>
        new(className, verdict.Threshold.Text, verdict.Line(), verdict.Passed ? null : verdict.FailureMessage(), "threshold");

    /// <summary>An <c>--abort-if</c> condition: failed when it stopped the run, with the sentence the run printed then.</summary>
    /// <param name="stoppedBy">What stopped the run; null when nothing did.</param>
    public static JunitCase Of(AbortCondition condition, StoppedBy? stoppedBy, string className = AbortClassName)
    {
        var held = string.Equals(stoppedBy?.Condition, condition.Text, StringComparison.Ordinal);
        var sentence = held ? stoppedBy!.Sentence ?? $"Stopped by --abort-if {condition.Text} at second {stoppedBy.AtSecond}." : null;
        return new(className, condition.Text, sentence ?? $"abort-if {condition.Text}: did not hold while the run was measured", sentence, "abort");
    }
}
