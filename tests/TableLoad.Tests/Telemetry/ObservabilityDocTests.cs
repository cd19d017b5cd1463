using System.Diagnostics.Metrics;
using System.Text.Json;
using System.Text.RegularExpressions;
using TableLoad.Cli;
using TableLoad.Telemetry;

namespace TableLoad.Tests.Telemetry;

/// <summary>docs/observability.md's dashboard is valid JSON and queries only series TableLoad's meter makes.</summary>
public sealed partial class ObservabilityDocTests
{
    [Fact]
    public void GrafanaDashboard_QueriesOnlyThePrometheusNamesOfTableLoadsInstruments()
    {
        var doc = File.ReadAllText(Path.Combine(Deploy.KubernetesManifestTests.RepoRoot(), "docs", "observability.md"));
        var json = JsonBlock().Match(doc).Groups[1].Value;
        using var dashboard = JsonDocument.Parse(json);
        var queried = dashboard.RootElement.GetProperty("panels").EnumerateArray()
            .SelectMany(p => p.GetProperty("targets").EnumerateArray())
            .SelectMany(t => SeriesName().Matches(t.GetProperty("expr").GetString()!).Select(m => m.Value))
            .ToHashSet();

        var published = PrometheusNames();
        Assert.NotEmpty(queried);
        Assert.All(queried, name => Assert.Contains(name, published));
        foreach (var name in published)
        {
            Assert.Contains(name.Replace("_bucket", "", StringComparison.Ordinal), doc, StringComparison.Ordinal);
        }
    }

    /// <summary>The names the collector's Prometheus exporter gives each instrument: dots to underscores, a unit suffix for seconds, _total for counters.</summary>
    private static HashSet<string> PrometheusNames()
    {
        var names = new HashSet<string>();
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, _) =>
            {
                if (instrument.Meter.Name != RunMetrics.MeterName)
                {
                    return;
                }

                var name = instrument.Name.Replace('.', '_') + (instrument.Unit == "s" ? "_seconds" : "");
                var type = instrument.GetType().Name;
                names.Add(type.StartsWith("Histogram", StringComparison.Ordinal) ? name + "_bucket"
                    : type.StartsWith("Counter", StringComparison.Ordinal) || type.StartsWith("ObservableCounter", StringComparison.Ordinal) ? name + "_total"
                    : name);
            },
        };
        listener.Start();
        var options = new RunOptions();
        var settings = RunSettingsFactory.Create(options.CreateCommand().Parse([]), options, DateTimeOffset.UnixEpoch, _ => null);
        using var metrics = new RunMetrics(settings, () => 0);
        return names;
    }

    [GeneratedRegex("```json\\n(.*?)\\n```", RegexOptions.Singleline)]
    private static partial Regex JsonBlock();

    [GeneratedRegex("tableload_[a-z_]+")]
    private static partial Regex SeriesName();
}
