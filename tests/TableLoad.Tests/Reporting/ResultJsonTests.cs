using System.Text.Json;
using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting;

public sealed class ResultJsonTests
{
    private static JsonElement Serialize(RunSummary summary) =>
        JsonDocument.Parse(ResultJson.Serialize(summary)).RootElement.Clone();

    [Fact]
    public void Serialize_Summary_UsesSnakeCaseNames()
    {
        var json = Serialize(RunSummaries.Create(p99: 48.5, peak: 12_000));

        Assert.Equal(48.5, json.GetProperty("latency_ms").GetProperty("p99").GetDouble());
        Assert.Equal(12_000, json.GetProperty("peak_entities_per_second").GetInt64());
        Assert.Equal(7, json.GetProperty("outcomes").GetProperty("server_busy").GetInt64());
        Assert.Equal(2, json.GetProperty("rejected_by_code").GetProperty("EntityAlreadyExists").GetInt64());
    }

    [Theory]
    [InlineData(nameof(RunStatus.Complete), "complete")]
    [InlineData(nameof(RunStatus.Interrupted), "interrupted")]
    [InlineData(nameof(RunStatus.Partial), "partial")]
    public void Serialize_Status_IsSnakeCaseText(string status, string expected) =>
        Assert.Equal(expected, Serialize(RunSummaries.Create() with { Status = Enum.Parse<RunStatus>(status) }).GetProperty("status").GetString());

    [Fact]
    public void Serialize_Summary_HasEveryDocumentedField()
    {
        var json = Serialize(RunSummaries.Create());

        // "stored" is documented as present only after --verify, "row" only in per_process rows, "entity" only with --entity, "stopped_by" only after --abort-if held, "thresholds" only with --fail-if, "preload" only with --preload, "scenarios" only with scenarios, "service" only with --service-log or --service-metrics.
        Assert.All(ResultsDoc.FieldNames("summary.json").Where(f => f is not ("stored" or "stopped_by" or "thresholds" or "rate" or "request_rate" or "uncorrected_latency_ms" or "row" or "entity" or "preload" or "scenarios" or "service")), f => Assert.True(json.TryGetProperty(f, out _), $"missing {f}"));
    }

    [Fact]
    public void Serialize_NestedObjects_HaveTheDocumentedFields()
    {
        var json = Serialize(RunSummaries.Create());

        AssertHas(json.GetProperty("latency_ms"), "count", "min", "median", "mean", "max", "p90", "p95", "p99", "p999");
        AssertHas(json.GetProperty("warmup"), "batches", "entities_succeeded");
        AssertHas(json.GetProperty("client"), "user_cpu_seconds", "system_cpu_seconds", "cpu_us_per_entity", "gc_gen0", "gc_gen1", "gc_gen2");
        AssertHas(json.GetProperty("outcomes"), BatchOutcomeExtensions.All().Select(o => o.ToSnakeCase()).ToArray());
    }

    [Fact]
    public void Serialize_Verified_StoredHasCountAndMatches()
    {
        var json = Serialize(RunSummaries.Create() with { Stored = new StoredCount(Count: 740_030, Expected: 740_030, Matches: true) });

        Assert.Equal(740_030, json.GetProperty("stored").GetProperty("count").GetInt64());
        Assert.True(json.GetProperty("stored").GetProperty("matches").GetBoolean());
    }

    [Fact]
    public async Task WriteAsync_CommaDecimalCulture_WritesInvariantNumbersAndReadsBack()
    {
        using var culture = new CultureScope("de-DE");
        var path = Path.Combine(Path.GetTempPath(), $"tableload-summary-{Guid.NewGuid():N}.json");
        try
        {
            await ResultJson.WriteAsync(path, RunSummaries.Create(p99: 48.5));

            var text = await File.ReadAllTextAsync(path);
            Assert.Contains("\"p99\": 48.5", text, StringComparison.Ordinal);
            Assert.False(File.Exists(path + ".tmp"));
            Assert.Equal(48.5, JsonDocument.Parse(text).RootElement.GetProperty("latency_ms").GetProperty("p99").GetDouble());
        }
        finally
        {
            File.Delete(path);
        }
    }

    private static void AssertHas(JsonElement element, params string[] names) =>
        Assert.All(names, n => Assert.True(element.TryGetProperty(n, out _), $"missing {n}"));
}
