using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement.Histograms;

namespace TableLoad.IntegrationTests.Run;

/// <summary>Every result file tells the same story as summary.json.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class ResultFilesAgreeTests(AzuriteFixture azurite) : IAsyncLifetime
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-agree-").FullName;
    private ResultFolder _folder = null!;

    public async Task InitializeAsync()
    {
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--duration", "3s", "--warmup", "1s", "--tasks", "6", "--batch-size", "50", "--label", "agree,\"quoted\"", "--output", _output, "--quiet"],
            azurite.ConnectionString);
        Assert.True(exitCode == 0, stderr);
        _folder = new ResultFolder(_output);
    }

    [Fact]
    public void BatchesCsv_MeasuredRows_AddUpToTheSummary()
    {
        var measured = _folder.Csv("batches.csv").Where(b => b["warmup"] == "false").ToList();
        var summary = _folder.Summary;

        Assert.Equal(summary.GetProperty("latency_ms").GetProperty("count").GetInt64(), measured.Count);
        Assert.Equal(
            summary.GetProperty("entities_succeeded").GetInt64(),
            measured.Where(b => b["outcome"] == "succeeded").Sum(b => ResultFolder.Count(b["entities"])));
        var latencies = measured.Select(b => ResultFolder.Number(b["latency_ms"])).ToList();
        var latency = summary.GetProperty("latency_ms");
        // The histogram keeps 3 significant digits; the raw rows are exact.
        Assert.Equal(latencies.Max(), latency.GetProperty("max").GetDouble(), latencies.Max() * 0.001);
        Assert.Equal(latencies.Min(), latency.GetProperty("min").GetDouble(), latencies.Min() * 0.001);
    }

    [Fact]
    public void IntervalsCsv_MeasuredWindows_AddUpToTheSummary_AndHoldThePeak()
    {
        var windows = _folder.Csv("intervals.csv");
        var measured = windows.Where(w => w["warmup"] == "false").ToList();
        var summary = _folder.Summary;

        Assert.Equal(summary.GetProperty("entities_succeeded").GetInt64(), measured.Sum(w => ResultFolder.Count(w["entities_succeeded"])));
        Assert.Equal(summary.GetProperty("peak_entities_per_second").GetInt64(), measured.Max(w => ResultFolder.Count(w["entities_succeeded"])));
        Assert.Equal(summary.GetProperty("warmup").GetProperty("batches").GetInt64(), windows.Where(w => w["warmup"] == "true").Sum(w => ResultFolder.Count(w["batches"])));
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
        var measuredFromMs = (run.GetProperty("measured_from_utc").GetDateTimeOffset() - run.GetProperty("started_utc").GetDateTimeOffset()).TotalMilliseconds;
        var batches = _folder.Csv("batches.csv")
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

        var latency = _folder.Summary.GetProperty("latency_ms");
        Assert.Equal(latency.GetProperty("count").GetInt64(), merged.TotalCount);
        Assert.Equal(latency.GetProperty("p99").GetDouble(), merged.ValueAtPercentile(99) / 1000.0, 3);
        Assert.Equal(latency.GetProperty("median").GetDouble(), merged.ValueAtPercentile(50) / 1000.0, 3);
    }

    [Fact]
    public void Percentiles_AreOrdered()
    {
        var l = _folder.Summary.GetProperty("latency_ms");
        var ordered = new[] { "min", "median", "p90", "p95", "p99", "max" }.Select(n => l.GetProperty(n).GetDouble()).ToList();

        Assert.True(ordered[0] > 0);
        Assert.Equal(ordered.Order(), ordered);
        Assert.InRange(l.GetProperty("mean").GetDouble(), ordered[0], ordered[^1]);
    }

    [Fact]
    public void RunJson_DescribesTheRun_WithoutTheKey()
    {
        var text = File.ReadAllText(Path.Combine(_output, "run.json"));
        var run = _folder.Run;

        Assert.DoesNotContain(AzuriteFixture.AccountKey, text, StringComparison.Ordinal);
        Assert.Equal("devstoreaccount1", run.GetProperty("options").GetProperty("account").GetString());
        Assert.Equal(50, run.GetProperty("options").GetProperty("batch_size").GetInt32());
        Assert.Equal("agree,\"quoted\"", run.GetProperty("label").GetString());
        Assert.True(run.GetProperty("environment").GetProperty("processor_count").GetInt32() > 0);
        Assert.Equal(_folder.Summary.GetProperty("run_id").GetString(), run.GetProperty("run_id").GetString());
        Assert.Equal("complete", _folder.Summary.GetProperty("status").GetString());
    }

    public Task DisposeAsync()
    {
        Directory.Delete(_output, recursive: true);
        return Task.CompletedTask;
    }
}
