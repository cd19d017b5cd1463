using TableLoad.Cli;
using TableLoad.Reporting.Compare;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

namespace TableLoad.Tests.Cli;

/// <summary>compare's --fail-on: the run's figures and an operation's as OPERATION.FIGURE, every refusal said at once.</summary>
public sealed class CompareFailOnTests
{
    [Fact]
    public void Figures_TakeTheRunsAndOperationsFigures_TheOperationNamedAsTableLoadNamesIt()
    {
        var errors = new UsageErrors();

        var gated = CompareInputs.Figures("eps, read.p99,Upsert-Replace.failed", errors);

        Assert.False(errors.Any);
        Assert.Equal([new GatedFigure(RunFigure.Eps), new GatedFigure(RunFigure.P99, "read"), new GatedFigure(RunFigure.Failed, "upsert-replace")], gated);
        Assert.Equal(["eps", "read.p99", "upsert-replace.failed"], gated.Select(g => g.Name));
    }

    [Fact]
    public void Figures_OfNoOperation_OrNotJudgedForOne_AreRefused_EachInItsSentence()
    {
        var errors = new UsageErrors();

        Assert.Empty(CompareInputs.Figures("lookups.p99,read.cpu,read.p95,.p99", errors));

        var refusal = Assert.Throws<UsageException>(errors.ThrowIfAny);
        Assert.Equal(
            [
                "--fail-on names 'lookups.p99', but 'lookups' is no operation; an operation's figure is OPERATION.FIGURE, OPERATION one of insert, upsert-replace, upsert-merge, read, query, delete, read-modify-write.",
                "--fail-on names 'read.cpu', whose figure compare does not judge for an operation; it takes eps, p50, p90, p99, throttled, failed.",
                "--fail-on names 'read.p95', whose figure compare does not judge for an operation; it takes eps, p50, p90, p99, throttled, failed.",
                "--fail-on names '.p99', with no operation before its dot; write OPERATION.FIGURE (read.p99), or the figure alone for the run's.",
            ],
            refusal.Message.Split(Environment.NewLine));
    }
}
