using System.Diagnostics.Metrics;
using TableLoad.Measurement;
using TableLoad.Measurement.Histograms;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Telemetry;

/// <summary>
/// The <c>TableLoad</c> meter of one load process. Counters and the latency histogram are fed once a
/// second from the finished windows (this is a window sink), so the task loops pay nothing for
/// them; in-flight batches and client CPU are read when a listener asks.
/// </summary>
internal sealed class RunMetrics : IWindowSink, IDisposable
{
    public const string MeterName = "TableLoad";

    // 1 ms to 60 s, about three steps per decade: the range of a batch from Azurite to a throttled account.
    private static readonly double[] LatencyBucketsSeconds = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 60];

    private readonly Meter _meter = new(MeterName, typeof(RunMetrics).Assembly.GetName().Version?.ToString(3));
    private readonly Counter<long> _entities;
    private readonly Counter<long> _batches;
    private readonly Counter<long> _retries;
    private readonly Counter<long> _readBacks;
    private readonly Counter<long> _late;
    private readonly Histogram<double> _duration;
    private readonly KeyValuePair<string, object?>[] _runTags;

    public RunMetrics(RunSettings settings, Func<long> inFlight)
    {
        _runTags = RunTags(settings);
        _entities = _meter.CreateCounter<long>("tableload.entities", "{entity}", "Entities whose batch completed, by outcome (succeeded, failed) and phase (warmup, measured).");
        _batches = _meter.CreateCounter<long>("tableload.batches", "{batch}", "Completed batches by outcome (succeeded, server_busy, ..., rejected with its error_code) and phase.");
        _retries = _meter.CreateCounter<long>("tableload.retries", "{attempt}", "Attempts beyond the first of each completed batch.");
        _readBacks = _meter.CreateCounter<long>("tableload.batches.read_back", "{batch}", "Batches whose outcome was settled by reading their first entity back.");
        _late = _meter.CreateCounter<long>("tableload.batches.late", "{batch}", "Open model: batches that started more than one interval after their intended time.");
        _duration = _meter.CreateHistogram(
            "tableload.batch.duration",
            "s",
            "Batch latency, retries included; in the open model from the intended start.",
            tags: null,
            new InstrumentAdvice<double> { HistogramBucketBoundaries = LatencyBucketsSeconds });
        _meter.CreateObservableUpDownCounter("tableload.batches.in_flight", () => new Measurement<long>(inFlight(), _runTags), "{batch}", "Batches sent and not yet answered.");
        _meter.CreateObservableCounter("tableload.client.cpu.time", () => new Measurement<double>(Environment.CpuUsage.TotalTime.TotalSeconds, _runTags), "s", "CPU time of this load process (user and system).");
    }

    /// <summary>The tags on every measurement, so a distributed run's processes and pods land in one series set.</summary>
    public static KeyValuePair<string, object?>[] RunTags(RunSettings settings) =>
    [
        new("run_id", settings.RunId),
        new("instance", settings.Instance),
        new("process", settings.Process),
        new("client", ClientTag(settings)),
        new("label", settings.Label),
    ];

    // The one place the client tag is read from the settings.
    private static string ClientTag(RunSettings settings) => settings.Client.ToName();

    public void OnWindow(Window window, bool warmup)
    {
        var counts = window.Counts;
        if (counts.Batches == 0)
        {
            return;
        }

        var phase = warmup ? "warmup" : "measured";
        Add(_entities, counts.EntitiesSucceeded, phase, "outcome", "succeeded");
        Add(_entities, counts.EntitiesFailed, phase, "outcome", "failed");
        foreach (var outcome in BatchOutcomeExtensions.All())
        {
            if (outcome != BatchOutcome.Rejected)
            {
                Add(_batches, counts[outcome], phase, "outcome", outcome.ToSnakeCase());
            }
        }

        foreach (var (code, count) in window.RejectedByCode)
        {
            var tags = Tags(phase, "outcome", BatchOutcome.Rejected.ToSnakeCase());
            tags.Add("error_code", code);
            _batches.Add(count, tags);
        }

        Add(_retries, counts.Attempts - counts.Batches, phase);
        Add(_readBacks, counts.VerifiedByRead, phase);
        Add(_late, counts.Late, phase);
        if (_duration.Enabled)
        {
            RecordLatencies(window.Latency, Tags(phase));
        }
    }

    private void RecordLatencies(LatencyHistogram latency, System.Diagnostics.TagList tags)
    {
        for (var index = 0; index < latency.EncodedCountsLength; index++)
        {
            var count = latency.CountAtIndex(index);
            var seconds = latency.MedianEquivalentValue(latency.ValueFromIndex(index)) / 1e6;
            for (var i = 0; i < count; i++)
            {
                _duration.Record(seconds, tags);
            }
        }
    }

    private void Add(Counter<long> counter, long value, string phase, string? key = null, string? tagValue = null)
    {
        if (value != 0 && counter.Enabled)
        {
            counter.Add(value, Tags(phase, key, tagValue));
        }
    }

    private System.Diagnostics.TagList Tags(string phase, string? key = null, string? value = null)
    {
        var tags = new System.Diagnostics.TagList(_runTags) { { "phase", phase } };
        if (key is not null)
        {
            tags.Add(key, value);
        }

        return tags;
    }

    public void Dispose() => _meter.Dispose();
}
