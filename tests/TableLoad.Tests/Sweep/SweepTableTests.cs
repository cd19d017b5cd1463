using TableLoad.Measurement;
using TableLoad.Storage;
using TableLoad.Sweep;

namespace TableLoad.Tests.Sweep;

public sealed class SweepTableTests
{
    private static SweepRow Row(int tasks, long peak, double p99, long failed = 0) => new()
    {
        Cell = new SweepCell(BatchClientKind.Sdk, 1, tasks, 100, EntityShape.OfSize(1024), "single", CellLoad.Closed, 1),
        Min = 1, Median = 2, Mean = 2, Max = 300, P90 = 2, P95 = 2, P99 = p99,
        PeakEntitiesPerSecond = peak,
        Succeeded = 10_000,
        Failed = failed,
        Throttled = failed / 100,
        Timeouts = 0,
        MeanEntitiesPerSecond = 90, GoodputMbPerSecond = 0.1, ClientCpuSeconds = 1,
        Saturated = false,
        Status = RunStatus.Complete,
    };

    [Fact]
    public void Best_NamesTheHighestPeakAndTheLowestP99()
    {
        var best = SweepTable.Best([Row(4, peak: 1000, p99: 20), Row(12, peak: 3000, p99: 80), Row(32, peak: 2500, p99: 200)]);

        Assert.Contains("best peak e/s: sdk-p1-t12-b100-e1024-single-r1 (3000 e/s", best, StringComparison.Ordinal);
        Assert.Contains("best p99:      sdk-p1-t4-b100-e1024-single-r1 (20.00 ms", best, StringComparison.Ordinal);
    }

    [Fact]
    public void Best_CellWhoseBatchesMostlyFailed_IsNoCandidate_ThoughFastFailuresGiveItTheLowestP99()
    {
        var best = SweepTable.Best([Row(4, peak: 1000, p99: 20), Row(64, peak: 1200, p99: 1, failed: 90_000)]);

        Assert.Contains("best peak e/s: sdk-p1-t4-b100", best, StringComparison.Ordinal);
        Assert.Contains("best p99:      sdk-p1-t4-b100", best, StringComparison.Ordinal);
        Assert.Contains("not candidates", best, StringComparison.Ordinal);
    }

    [Fact]
    public void Rows_AreAlignedWithTheHeader_WhateverTheFigures()
    {
        var table = new SweepTable(["sdk-p1-t4-b100-e1024-single-r1", "sdk-p1-t128-b100-e1024-spread16-rate12000-r10"]);

        var lines = table.Header().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries)
            .Concat(table.Row(Row(4, 5, 0.5)).Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries))
            .Concat(table.Row(Row(4, 123_456, 9_999.99, failed: 1_000_000) with { Saturated = true, Status = RunStatus.Partial }).Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries))
            .ToList();

        var bars = lines.Select(l => string.Join(',', l.Select((c, i) => (c, i)).Where(p => p.c == '|').Select(p => p.i).Take(14))).ToList();
        Assert.Single(bars.Distinct());
        Assert.Contains("partial, client saturated", lines[^1], StringComparison.Ordinal);
    }

    [Fact]
    public void Row_OfAVerifyMismatch_SaysSoInItsNotes()
    {
        var table = new SweepTable(["sdk-p1-t4-b100-e1024-single-r1"]);

        var row = table.Row(Row(4, 5, 0.5) with { VerifyMismatch = true });

        Assert.Contains("| verify mismatch", row, StringComparison.Ordinal);
    }
}
