using TableLoad.Measurement;
using TableLoad.Storage;

namespace TableLoad.Tests.Measurement;

public sealed class SaturationGuardTests
{
    [Fact]
    public void ProcessAboveNinetyPercentOfItsOneCore_IsSaturated_AndNamed()
    {
        var reasons = Assess(("worker 1", Series(cpuPerSecond: 0.95)));

        Assert.Contains(reasons, r => r.StartsWith("worker 1 used 95% of a core on average, 95% of the 1 it may use", StringComparison.Ordinal));
    }

    [Fact]
    public void ProcessAtEightyPercent_IsNotSaturated()
    {
        Assert.Empty(Assess(("worker 1", Series(cpuPerSecond: 0.80))));
    }

    [Theory]
    [InlineData(1.5, 2, false)]
    [InlineData(1.9, 2, true)]
    [InlineData(0.95, 2, false)]
    [InlineData(3.5, 4, false)]
    [InlineData(3.7, 4, true)]
    public void CpuRule_IsNinetyPercentOfTheCoresTheProcessMayUse_NotOfOneCore(double coresBusy, int cores, bool saturated)
    {
        var reasons = SaturationGuard.Assess([("p", Series(cpuPerSecond: coresBusy))], batches: 100, lateBatches: 0, cores, Tuned);

        Assert.Equal(saturated, reasons.Any(r => r.Contains("of a core", StringComparison.Ordinal)));
    }

    [Fact]
    public void GcPausesOverTenPercentOfTheTime_AreSaturation()
    {
        var reasons = Assess(("p", Series(cpuPerSecond: 0.5, gcPerSecond: 0.15)));

        Assert.Contains(reasons, r => r.Contains("GC pauses", StringComparison.Ordinal));
    }

    [Fact]
    public void ThreadPoolQueue_ThatKeepsGrowing_IsSaturation_ButOneThatFalls_IsNot()
    {
        Assert.Contains(Assess(("p", Series(cpuPerSecond: 0.3, queue: [10, 70, 140, 300, 500, 900]))), r => r.Contains("kept growing", StringComparison.Ordinal));
        Assert.Empty(Assess(("p", Series(cpuPerSecond: 0.3, queue: [10, 70, 140, 300, 200, 900]))));
        Assert.Empty(Assess(("p", Series(cpuPerSecond: 0.3, queue: [1, 2, 3, 4, 5, 6]))));
    }

    [Fact]
    public void LateBatchesOverOnePercent_BesideAClientShortage_AreTheClientsDoing()
    {
        var reasons = SaturationGuard.Assess([("p", Series(cpuPerSecond: 0.95))], batches: 1000, lateBatches: 11, cores: 1, Tuned);

        Assert.Equal(2, reasons.Count);
        Assert.Equal("11 of 1000 batches started more than one interval late (over 1%), held back by the client's shortage above.", reasons[1]);
        Assert.Null(SaturationGuard.LateStart(1000, 11, reasons, Tuned));
    }

    [Fact]
    public void LateBatches_WithTheClientWithinBounds_AreNoSaturation_AndLateStartNamesTheThrottling()
    {
        var load = Tuned with { Rate = 2000, Tasks = 4, ThrottledAnswers = 300 };

        var reasons = SaturationGuard.Assess([("p", Series(cpuPerSecond: 0.3))], batches: 1000, lateBatches: 11, cores: 1, load);

        Assert.Empty(reasons);
        Assert.Equal(
            "11 of 1000 batches started more than one interval late (over 1%), held back by throttling: 300 throttled answers and their retries' waits kept the tasks " +
            "from their next batches, so the limit is the service's, not the client's (--rate 2000 e/s is more than it admits now)",
            SaturationGuard.LateStart(1000, 11, reasons, load));
    }

    [Fact]
    public void LateBatches_WithoutThrottling_OrAClientShortage_AreHeldBackByTheRateAgainstTheServicesAnswers()
    {
        var load = Tuned with { Rate = 2000, Tasks = 4, Processes = 2, ThrottledAnswers = 10, SendMedianMs = 48.04 };

        Assert.Equal(
            "11 of 1000 batches started more than one interval late (over 1%), held back by --rate 2000 e/s against the service's answers: 8 tasks in all, each waiting for " +
            "its answer (median 48.0 ms from the send), could not start batches that often, while the client's CPU, GC and threads were within bounds; more tasks (--tasks) would",
            SaturationGuard.LateStart(1000, 11, [], load));
        Assert.Null(SaturationGuard.LateStart(1000, 10, [], load));
    }

    [Fact]
    public void ASingleSample_SaysNothing()
    {
        Assert.Empty(Assess(("p", [new ProcessSample(1, 100, 100, 50, 0, 0, 0, 10_000)])));
    }

    [Fact]
    public void GcPauses_UnderDotNetsDefaults_NameTheTunedRuntime()
    {
        var reasons = SaturationGuard.Assess([("p", Series(cpuPerSecond: 0.5, gcPerSecond: 0.15))], batches: 100, lateBatches: 0, cores: 1, Tuned with { GcAdaptive = true });

        Assert.Contains(reasons, r => r.Contains("GC pauses", StringComparison.Ordinal) && r.Contains("--runtime tuned", StringComparison.Ordinal));
    }

    [Fact]
    public void GcPauses_UnderTheTunedRuntime_NameProcesses_AndTheWireClientForTheSdk()
    {
        var reasons = Assess(("p", Series(cpuPerSecond: 0.5, gcPerSecond: 0.15)));

        var gc = Assert.Single(reasons, r => r.Contains("GC pauses", StringComparison.Ordinal));
        Assert.Contains("--processes", gc, StringComparison.Ordinal);
        Assert.Contains("--client wire", gc, StringComparison.Ordinal);
        Assert.DoesNotContain("--runtime", gc, StringComparison.Ordinal);
    }

    [Fact]
    public void CpuSaturation_CountsTheMachines_ThatARateNeeds_FromThePerProcessRate()
    {
        var reasons = SaturationGuard.Assess([("p", Series(cpuPerSecond: 0.95))], batches: 100, lateBatches: 0, cores: 1, Tuned with { Rate = 50_000, EntitiesPerSecondPerProcess = 12_000 });

        var cpu = Assert.Single(reasons);
        Assert.Contains("run 5 machines like this one", cpu, StringComparison.Ordinal);
        Assert.Contains("at 12000 e/s each", cpu, StringComparison.Ordinal);
    }

    [Fact]
    public void CpuSaturation_OfTheWireClient_DoesNotOfferTheWireClient()
    {
        var reasons = SaturationGuard.Assess([("p", Series(cpuPerSecond: 0.95))], batches: 100, lateBatches: 0, cores: 1, Tuned with { Client = BatchClientKind.Wire });

        Assert.Contains("add machines", Assert.Single(reasons), StringComparison.Ordinal);
        Assert.DoesNotContain("--client wire", reasons[0], StringComparison.Ordinal);
    }

    private static readonly SaturationContext Tuned = new(BatchClientKind.Sdk, GcAdaptive: false, EntitiesPerSecondPerProcess: 10_000, Rate: null, Processes: 1);

    private static IReadOnlyList<string> Assess(params (string Name, IReadOnlyList<ProcessSample> Samples)[] series) =>
        SaturationGuard.Assess(series, batches: 100, lateBatches: 0, cores: 1, Tuned);

    private static List<ProcessSample> Series(double cpuPerSecond, double gcPerSecond = 0, long[]? queue = null)
    {
        queue ??= [0, 0, 0, 0, 0, 0];
        return queue.Select((q, i) => new ProcessSample(i, cpuPerSecond * i * 0.8, cpuPerSecond * i * 0.2, gcPerSecond * i, i, 0, 0, q)).ToList();
    }
}
