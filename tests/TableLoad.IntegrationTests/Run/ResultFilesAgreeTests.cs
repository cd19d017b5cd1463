using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement.Histograms;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Run;

/// <summary>Every result file tells the same story as summary.json.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class ResultFilesAgreeTests(AzuriteFixture azurite, SharedRuns runs) : IClassFixture<SharedRuns>, IAsyncLifetime
{
    private ResultFolder _folder = null!;

    public async Task InitializeAsync() => _folder = (await runs.OnceAsync(
        "agree", azurite.ConnectionString, ["run", "--duration", "3s", "--warmup", "1s", "--tasks", "6", "--batch-size", "50", "--label", "agree,\"quoted\"", "--quiet"])).Succeeded();

    [Fact]
    public void BatchesCsv_MeasuredRows_AddUpToTheSummary()
    {
        var measured = _folder.Csv(ResultFiles.BatchesCsv).Where(b => b["warmup"] == "false").ToList();
        var summary = _folder.Summary;

        Assert.Equal(summary.LatencyMs.Count, measured.Count);
        Assert.Equal(
            summary.EntitiesSucceeded,
            measured.Where(b => b["outcome"] == "succeeded").Sum(b => ResultFolder.Count(b["entities"])));
        var latencies = measured.Select(b => ResultFolder.Number(b["latency_ms"])).ToList();
        var latency = summary.LatencyMs;
        // The histogram keeps 3 significant digits; the raw rows are exact.
        Assert.Equal(latencies.Max(), latency.Max, latencies.Max() * 0.001);
        Assert.Equal(latencies.Min(), latency.Min, latencies.Min() * 0.001);
    }

    [Fact]
    public void IntervalsCsv_MeasuredWindows_AddUpToTheSummary_AndHoldThePeak()
    {
        var windows = _folder.Csv(ResultFiles.IntervalsCsv);
        var measured = windows.Where(w => w["warmup"] == "false").ToList();
        var summary = _folder.Summary;

        Assert.Equal(summary.EntitiesSucceeded, measured.Sum(w => ResultFolder.Count(w["entities_succeeded"])));
        Assert.Equal(summary.PeakEntitiesPerSecond, measured.Max(w => ResultFolder.Count(w["entities_succeeded"])));
        Assert.Equal(summary.Warmup.Batches, windows.Where(w => w["warmup"] == "true").Sum(w => ResultFolder.Count(w["batches"])));
        var seconds = windows.Select(w => ResultFolder.Count(w["epoch_s"])).ToList();
        Assert.Equal(seconds.Order(), seconds);

        // A second can hold warm-up batches that answered late beside measured ones, once each.
        var windowKeys = windows.Select(w => (w["epoch_s"], w["warmup"])).ToList();
        Assert.Equal(windowKeys.Count, windowKeys.Distinct().Count());
    }

    [Fact]
    public void BatchesCsv_WarmupFlag_FollowsTheBatchStart()
    {
        var run = _folder.Run;
        var measuredFromMs = (run.MeasuredFromUtc - run.StartedUtc).TotalMilliseconds;
        var batches = _folder.Csv(ResultFiles.BatchesCsv)
            .Select(b => (StartMs: ResultFolder.Number(b["start_ms"]), Warmup: b["warmup"] == "true"))
            .Where(b => Math.Abs(b.StartMs - measuredFromMs) > 0.01)
            .ToList();

        Assert.Contains(batches, b => b.Warmup);
        Assert.Contains(batches, b => !b.Warmup);
        Assert.All(batches, b => Assert.Equal(b.StartMs < measuredFromMs, b.Warmup));
    }

    [Fact]
    public void LatencyLog_MergedMeasuredIntervals_GiveTheSummaryPercentiles()
    {
        var merged = new LatencyHistogram();
        foreach (var record in _folder.HistogramLog().Where(r => r.Tag != "warmup"))
        {
            merged.Add(record.Histogram);
        }

        var latency = _folder.Summary.LatencyMs;
        Assert.Equal(latency.Count, merged.TotalCount);
        Assert.Equal(latency.P99, merged.ValueAtPercentile(99) / 1000.0, 3);
        Assert.Equal(latency.Median, merged.ValueAtPercentile(50) / 1000.0, 3);
    }

    [Fact]
    public void Percentiles_AreOrdered()
    {
        var l = _folder.Summary.LatencyMs;
        var ordered = new[] { l.Min, l.Median, l.P90, l.P95, l.P99, l.Max }.ToList();

        Assert.True(ordered[0] > 0);
        Assert.Equal(ordered.Order(), ordered);
        Assert.InRange(l.Mean, ordered[0], ordered[^1]);
    }

    [Fact]
    public void RunJson_DescribesTheRun_WithoutTheKey()
    {
        var text = File.ReadAllText(Path.Combine(_folder.Path, ResultFiles.RunJson));
        var run = _folder.Run;

        Assert.DoesNotContain(AzuriteFixture.AccountKey, text, StringComparison.Ordinal);
        Assert.Equal("devstoreaccount1", run.Options.Account);
        Assert.Equal(50, run.Options.BatchSize);
        Assert.Equal("agree,\"quoted\"", run.Label);
        Assert.True(run.Environment.ProcessorCount > 0);
        Assert.Equal(_folder.Summary.RunId, run.RunId);
        Assert.Equal("complete", _folder.Summary.Status.ToSnakeCase());
    }

    public Task DisposeAsync() => Task.CompletedTask;
}
