using TableLoad.Settings;

namespace TableLoad.Proxy;

/// <summary>
/// The latency the proxy adds to each batch or single write: <c>50ms</c> (fixed), <c>uniform:10ms-200ms</c>
/// or <c>exp:50ms</c> (exponential with that mean); <c>0</c> adds none. Every other value carries its unit: a bare
/// <c>50</c> would be 50 seconds, past any client's timeout, where 50ms was surely meant.
/// </summary>
internal sealed record LatencyDistribution
{
    public static readonly LatencyDistribution None = new(LatencyShape.Fixed, TimeSpan.Zero, TimeSpan.Zero, "0ms");

    private LatencyDistribution(LatencyShape shape, TimeSpan low, TimeSpan high, string text)
    {
        Shape = shape;
        Low = low;
        High = high;
        Text = text;
    }

    public LatencyShape Shape { get; }

    /// <summary>The fixed value, the lower bound of a uniform range, or the mean of an exponential.</summary>
    public TimeSpan Low { get; }

    /// <summary>The upper bound of a uniform range; equal to <see cref="Low"/> otherwise.</summary>
    public TimeSpan High { get; }

    /// <summary>The text it was read from, as given.</summary>
    public string Text { get; }

    public bool IsNone => Shape == LatencyShape.Fixed && Low == TimeSpan.Zero;

    public static bool TryParse(string? text, out LatencyDistribution distribution)
    {
        distribution = None;
        var s = text?.Trim() ?? "";
        if (s.StartsWith("uniform:", StringComparison.OrdinalIgnoreCase))
        {
            var range = s["uniform:".Length..];
            var dash = range.IndexOf('-', StringComparison.Ordinal);
            if (dash <= 0 || !TryDuration(range[..dash], out var low) || !TryDuration(range[(dash + 1)..], out var high) || high < low)
            {
                return false;
            }

            distribution = new LatencyDistribution(LatencyShape.Uniform, low, high, s);
            return true;
        }

        if (s.StartsWith("exp:", StringComparison.OrdinalIgnoreCase))
        {
            if (!TryDuration(s["exp:".Length..], out var mean))
            {
                return false;
            }

            distribution = new LatencyDistribution(LatencyShape.Exponential, mean, mean, s);
            return true;
        }

        if (!TryDuration(s, out var value))
        {
            return false;
        }

        distribution = value == TimeSpan.Zero ? None : new LatencyDistribution(LatencyShape.Fixed, value, value, s);
        return true;
    }

    /// <summary>The latency for a uniform draw <paramref name="u"/> in [0, 1).</summary>
    public TimeSpan Sample(double u) => Shape switch
    {
        LatencyShape.Uniform => Low + ((High - Low) * u),
        LatencyShape.Exponential => Low * -Math.Log(1 - u),
        LatencyShape.Fixed => Low,
    };

    public override string ToString() => Text;

    private static bool TryDuration(string text, out TimeSpan duration) =>
        DurationParser.TryParse(text, out duration) && duration >= TimeSpan.Zero && (duration == TimeSpan.Zero || !DurationParser.IsBareNumber(text));
}

internal enum LatencyShape
{
    Fixed,
    Uniform,
    Exponential,
}
