using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>Open-model latency is measured from each batch's intended start, so a stall is not hidden.</summary>
[Collection(ReportAzuriteCollection.Name)]
public sealed class OpenModelTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-open-").FullName;

    [Fact]
    public async Task TargetStallingTwoSeconds_ShowsInCorrectedP99_ButNotInUncorrected()
    {
        using var run = TableLoadProcess.Start(
            ["run", "--rate", "400", "--batch-size", "10", "--tasks", "2", "--duration", "10s", "--warmup", "0s", "--quiet", "--output", _output],
            azurite.ConnectionString);
        // The stall comes once three seconds are measured, however slowly the run got going.
        await WaitForMeasuredSecondsAsync(run, 3);

        // A real stall: Azurite itself is stopped for two seconds, then resumed. The two seconds are
        // the fault's length, not a wait for something to happen.
        var azuritePid = ProcessTree.ListeningPid(azurite.Port);
        ProcessTree.Signal("STOP", azuritePid);
        await Task.Delay(TimeSpan.FromSeconds(2));
        ProcessTree.Signal("CONT", azuritePid);
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.True(exitCode == 0, run.StandardError);
        var summary = new ResultFolder(_output).Summary;
        var corrected = summary.LatencyMs.P99;
        var uncorrected = summary.UncorrectedLatencyMs!.P99;
        Assert.True(corrected >= 1000, $"corrected p99 {corrected} ms should reflect the 2 s stall");
        // Not "uncorrected < 1 s": a slow enough machine answers some batches in a second of their own. What holds at any
        // speed is that the uncorrected figure leaves out each batch's wait for its send, which the stall made long for
        // the batches due in it: over the same batches, its p99 is below the corrected one.
        Assert.Equal(summary.LatencyMs.Count, summary.UncorrectedLatencyMs.Count);
        Assert.True(uncorrected < corrected, $"uncorrected p99 {uncorrected} ms should leave out the stall that the corrected {corrected} ms shows");
        Assert.True(summary.LateBatches > 0);
        Assert.Equal(400, summary.Rate);
    }

    [Theory]
    [InlineData(1500, 100)]
    [InlineData(300, 10)]
    [InlineData(3000, 10)]
    public async Task AtSeveralRates_NoBatchLeavesBeforeItsIntendedStart_SoNoLatencyIsBelowTheRoundTrip(int rate, int batchSize)
    {
        // A budget of batches, not a time: a 2 s run on a machine loaded to 40 once answered none of its batches in time, and
        // the run ends when its 30 have answered (0.1 s to 2 s at these rates), however long they take.
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--rate", $"{rate}", "--batch-size", $"{batchSize}", "--tasks", "4", "--batches", "30", "--duration", "60s", "--warmup", "0s", "--quiet", "--output", _output],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var batches = new ResultFolder(_output).Csv(ResultFiles.BatchesCsv);
        Assert.NotEmpty(batches);
        Assert.All(batches, b => Assert.True(
            ResultFolder.Number(b["start_ms"]) >= ResultFolder.Number(b["intended_start_ms"]),
            $"batch started at {b["start_ms"]} ms, before its intended {b["intended_start_ms"]} ms"));
        Assert.All(batches, b => Assert.True(ResultFolder.Number(b["latency_ms"]) > 0, $"latency {b["latency_ms"]} ms"));
        Assert.True(new ResultFolder(_output).Summary.LatencyMs.Min > 0);
    }

    [Theory]
    [InlineData("--operation read", 1.0)]
    [InlineData("--operation query --query-length 2..8", 5.0)]
    [InlineData("--mix read:50,upsert-replace:50", 3.0)]
    public async Task RateIsEntitiesPerSecond_WhateverARequestCarries_SoEachTaskSpacesItsRequestsByTheEntitiesTheyAskFor(string operation, double entitiesPerRequest)
    {
        // 60 e/s over 2 tasks in batches of 5 (the mix's upserts): a task's requests are 2 × entities ÷ 60 s apart, a read's 33.3 ms,
        // not a batch's 166.7 ms: the intended starts batches.csv records are the schedule itself, at any machine speed.
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", .. operation.Split(' '), "--key-space", "40", "--preload", "--batch-size", "5", "--rate", "60", "--tasks", "2",
             "--batches", "16", "--duration", "60s", "--warmup", "0s", "--quiet", "--output", _output],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var expectedMs = 2 * entitiesPerRequest * 1000 / 60;
        var batches = new ResultFolder(_output).Csv(ResultFiles.BatchesCsv);
        foreach (var task in batches.GroupBy(b => b["task"]))
        {
            var intended = task.Select(b => ResultFolder.Number(b["intended_start_ms"])).Order().ToList();
            Assert.True(intended.Count >= 2, $"task {task.Key} sent {intended.Count} requests");
            Assert.All(intended.Zip(intended.Skip(1), (a, b) => b - a), gap => Assert.InRange(gap, expectedMs - 0.002, expectedMs + 0.002));
        }
    }

    [Fact]
    public async Task TinyRateWithManyTasks_OnlyTheFirstTasksFirstBatchIsDueWithinTheRun_AndItEndsCleanly()
    {
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--rate", "0.000000001", "--tasks", "50", "--duration", "1s", "--warmup", "0s", "--quiet", "--output", _output],
            azurite.ConnectionString);

        // Task 0's first batch is due at the start; every other is due centuries later. A busy machine may not send even
        // that one within the run's second (it once sent none), but no other task sends at all.
        Assert.True(exitCode == 0, stderr);
        var batches = new ResultFolder(_output).Csv(ResultFiles.BatchesCsv);
        Assert.InRange(batches.Count, 0, 1);
        Assert.All(batches, b => Assert.Equal("0", b["task"]));
    }

    private async Task WaitForMeasuredSecondsAsync(TableLoadProcess run, int seconds)
    {
        var intervals = Path.Combine(_output, ResultFiles.IntervalsCsv);
        var limit = DateTime.UtcNow + TimeSpan.FromSeconds(60);
        while (!(File.Exists(intervals) && File.ReadLines(intervals).Skip(1).Count() >= seconds))
        {
            Assert.False(run.HasExited, $"the run ended before {seconds} measured seconds: {run.StandardError}");
            Assert.True(DateTime.UtcNow < limit, $"no {seconds} measured seconds in 60 s: {run.StandardError}");
            await Task.Delay(50);
        }
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
