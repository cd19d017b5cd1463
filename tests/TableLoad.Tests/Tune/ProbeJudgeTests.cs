using TableLoad.Tune;

namespace TableLoad.Tests.Tune;

public sealed class ProbeJudgeTests
{
    private static readonly TuneConstraints Constraints = new(TimeSpan.FromMilliseconds(100), MaxThrottledPercent: 1, MaxFailedPercent: 1);

    private static ProbeFigures Figures(double failed = 0, double throttled = 0, double p99Ms = 50, bool saturated = false) => new()
    {
        EntitiesPerSecond = 1000, P50Ms = 10, P99Ms = p99Ms, ThrottledPercent = throttled, FailedPercent = failed,
        ClientSaturated = saturated, CpuMicrosecondsPerEntity = 40,
    };

    [Fact]
    public void Judge_NoFigures_IsRunFailed() => Assert.Equal(ProbeVerdict.RunFailed, ProbeJudge.Judge(null, Constraints));

    [Fact]
    public void Judge_EveryFigureAtItsLimit_Meets() =>
        Assert.Equal(ProbeVerdict.Meets, ProbeJudge.Judge(Figures(failed: 1, throttled: 1, p99Ms: 100), Constraints));

    [Fact]
    public void Judge_EveryConstraintBroken_NamesFailuresFirst() =>
        Assert.Equal(ProbeVerdict.Failures, ProbeJudge.Judge(Figures(failed: 1.1, throttled: 5, p99Ms: 500, saturated: true), Constraints));

    [Fact]
    public void Judge_AllButFailuresBroken_NamesThrottlingBeforeLatencyAndTheClient() =>
        Assert.Equal(ProbeVerdict.Throttled, ProbeJudge.Judge(Figures(throttled: 1.1, p99Ms: 500, saturated: true), Constraints));

    [Fact]
    public void Judge_LatencyOverAndSaturated_NamesLatency() =>
        Assert.Equal(ProbeVerdict.LatencyOver, ProbeJudge.Judge(Figures(p99Ms: 100.1, saturated: true), Constraints));

    [Fact]
    public void Judge_OnlySaturated_IsClientSaturated() =>
        Assert.Equal(ProbeVerdict.ClientSaturated, ProbeJudge.Judge(Figures(saturated: true), Constraints));

    [Fact]
    public void Judge_NoP99Constraint_IgnoresLatency() =>
        Assert.Equal(ProbeVerdict.Meets, ProbeJudge.Judge(Figures(p99Ms: 10_000), Constraints with { P99 = null }));
}
