using System.Globalization;
using System.Text;
using System.Text.Json;

namespace TableLoad.Bench.Results;

/// <summary>
/// Reads a soak run's probe file (one sample a second) and prints memory at regular marks, and the
/// RSS slope over the run's second half: what a flat-memory claim rests on.
/// </summary>
internal static class MemoryReport
{
    private const double MiB = 1024 * 1024;

    public static string Render(string probePath, int everySeconds)
    {
        using var probe = JsonDocument.Parse(File.ReadAllText(probePath));
        var root = probe.RootElement;
        var rss = Samples(root, "rss_samples_bytes");
        var heap = Samples(root, "managed_heap_samples_bytes");
        var committed = Samples(root, "gc_committed_samples_bytes");
        var jit = Samples(root, "jit_methods_samples");

        var text = new StringBuilder();
        text.AppendLine("| second | RSS MiB | managed heap MiB | GC committed MiB | methods compiled |");
        text.AppendLine("|-------:|--------:|-----------------:|-----------------:|-----------------:|");
        for (var i = everySeconds - 1; i < rss.Count; i += everySeconds)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {i + 1,6} | {rss[i] / MiB,7:0.0} | {At(heap, i) / MiB,16:0.0} | {At(committed, i) / MiB,16:0.0} | {At(jit, i),16:0} |");
        }

        if (rss.Count >= 4)
        {
            var half = rss.Count / 2;
            var slope = Slope(rss.Skip(half).ToList()) * 60 / MiB;
            text.AppendLine(CultureInfo.InvariantCulture,
                $"RSS slope over the second half (seconds {half + 1}–{rss.Count}, least squares): {slope:+0.00;-0.00} MiB per minute; peak RSS {rss.Max() / MiB:0.0} MiB");
        }

        return text.ToString();
    }

    /// <summary>Least-squares slope per sample (one sample a second).</summary>
    public static double Slope(IReadOnlyList<double> values)
    {
        var n = values.Count;
        var meanX = (n - 1) / 2.0;
        var meanY = values.Average();
        double covariance = 0, variance = 0;
        for (var x = 0; x < n; x++)
        {
            covariance += (x - meanX) * (values[x] - meanY);
            variance += (x - meanX) * (x - meanX);
        }

        return variance == 0 ? 0 : covariance / variance;
    }

    private static List<double> Samples(JsonElement root, string name) =>
        root.TryGetProperty(name, out var samples) ? samples.EnumerateArray().Select(s => s.GetDouble()).ToList() : [];

    private static double At(List<double> samples, int index) => index < samples.Count ? samples[index] : double.NaN;
}
