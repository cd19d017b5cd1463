namespace TableLoad.Tune;

/// <summary>Judges a probe's figures against the constraints: the first one it breaks, in <see cref="ProbeVerdict"/>'s order.</summary>
internal static class ProbeJudge
{
    public static ProbeVerdict Verdict(ProbeFigures? figures, TuneConstraints constraints) => figures switch
    {
        null => ProbeVerdict.RunFailed,
        { FailedPercent: var failed } when failed > constraints.MaxFailedPercent => ProbeVerdict.Failures,
        { ThrottledPercent: var throttled } when throttled > constraints.MaxThrottledPercent => ProbeVerdict.Throttled,
        { P99Ms: var p99 } when constraints.P99 is { } limit && p99 > limit.TotalMilliseconds => ProbeVerdict.LatencyOver,
        { ClientSaturated: true } => ProbeVerdict.ClientSaturated,
        _ => ProbeVerdict.Meets,
    };
}
