using TableLoad.Cli;
using TableLoad.Reporting.Compare;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

namespace TableLoad.Tests.Cli;

/// <summary>compare's --fail-on: the run's figures and a part's as SCOPE.FIGURE, scoped as a run's gates are, every refusal said at once.</summary>
public sealed class CompareFailOnTests
{
    [Fact]
    public void Figures_TakeTheRunsAndEachPartsFigures_ScopedByTheNameBeforeTheLastDot()
    {
        var errors = new UsageErrors();

        var gated = CompareInputs.Figures("eps, read.p99,upsert-replace.failed,lookups.P99,lookups.read.eps", errors);

        Assert.False(errors.Any);
        Assert.Equal(
            [new GatedFigure(RunFigure.Eps), new GatedFigure(RunFigure.P99, "read"), new GatedFigure(RunFigure.Failed, "upsert-replace"),
             new GatedFigure(RunFigure.P99, "lookups"), new GatedFigure(RunFigure.Eps, "lookups.read")],
            gated);
        Assert.Equal(["eps", "read.p99", "upsert-replace.failed", "lookups.p99", "lookups.read.eps"], gated.Select(g => g.Name));
    }

    [Fact]
    public void Figures_ScopedWithNoName_OrNotJudgedForAPart_AreRefused_EachInItsSentence_AsARunsGateSaysIt()
    {
        var errors = new UsageErrors();

        Assert.Empty(CompareInputs.Figures("read.cpu,lookups.p95,.p99,p98", errors));

        var refusal = Assert.Throws<UsageException>(errors.ThrowIfAny);
        Assert.Equal(
            [
                "--fail-on 'read.cpu' scopes cpu by 'read', but cpu is measured for the whole process, not for each operation; drop 'read.' to judge the run's.",
                "--fail-on 'lookups.p95' names a figure compare does not judge for a scenario or operation; it takes eps, p50, p90, p99, p999, throttled, failed.",
                "--fail-on '.p99' has a dot with no name before it; write SCOPE.FIGURE, for example read.p99, or the figure alone for the whole run.",
                "--fail-on 'p98' names no figure TableLoad measures: 'p98' (figures: eps, p50, p90, p95, p99, p999, mean, max, throttled, failed, cpu, service.server_latency, service.e2e_latency, service.throttled, service.normalized_ru).",
            ],
            refusal.Message.Split(Environment.NewLine));
    }
}
