using System.Diagnostics.Metrics;

namespace TableLoad.IntegrationTests.Telemetry;

/// <summary>Listens to the <c>TableLoad</c> meter in this process and adds up what one run (by its label) records.</summary>
public sealed class MeterTotals : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly List<(string Instrument, double Value, Dictionary<string, string> Tags)> _measurements = [];
    private readonly string _label;

    public MeterTotals(string label)
    {
        _label = label;
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == "TableLoad")
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.SetMeasurementEventCallback<double>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.Start();
    }

    /// <summary>The sum of an instrument's measurements whose tags include every one of <paramref name="tags"/>.</summary>
    public double Sum(string instrument, params (string Key, string Value)[] tags) => Matching(instrument, tags).Sum(m => m.Value);

    /// <summary>How many measurements an instrument received (for a histogram: how many values it recorded).</summary>
    public int Count(string instrument, params (string Key, string Value)[] tags) => Matching(instrument, tags).Count();

    private IEnumerable<(string Instrument, double Value, Dictionary<string, string> Tags)> Matching(string instrument, (string Key, string Value)[] tags)
    {
        lock (_measurements)
        {
            return _measurements
                .Where(m => m.Instrument == instrument && tags.All(t => m.Tags.GetValueOrDefault(t.Key) == t.Value))
                .ToList();
        }
    }

    private void Add(Instrument instrument, double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        var byKey = new Dictionary<string, string>();
        foreach (var (key, tagValue) in tags)
        {
            byKey[key] = Convert.ToString(tagValue, System.Globalization.CultureInfo.InvariantCulture) ?? "";
        }

        if (byKey.GetValueOrDefault("label") != _label)
        {
            return;
        }

        lock (_measurements)
        {
            _measurements.Add((instrument.Name, value, byKey));
        }
    }

    public void Dispose() => _listener.Dispose();
}
