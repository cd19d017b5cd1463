using System.Globalization;

namespace TableLoad.Measurement.Histograms;

/// <summary>
/// Writes an HdrHistogram interval log (format 1.3) that standard tools such as HistogramLogProcessor read.
/// Histogram values are microseconds; the Interval_Max column is divided by <c>maxValueUnitRatio</c>
/// (1000 by default, so it reads in milliseconds). Numbers are always written in the invariant culture.
/// </summary>
public sealed class HistogramLogWriter
{
    public const string FormatVersion = "1.3";
    public const double MicrosecondsPerMillisecond = 1000.0;

    private const string Legend = "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"";

    private readonly TextWriter _output;
    private readonly double _maxValueUnitRatio;

    public HistogramLogWriter(TextWriter output, double maxValueUnitRatio = MicrosecondsPerMillisecond)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxValueUnitRatio);
        _output = output;
        _maxValueUnitRatio = maxValueUnitRatio;
    }

    /// <summary>Writes the format version, start and base time (both <paramref name="startTime"/>) and the legend.</summary>
    public void WriteHeader(DateTimeOffset startTime)
    {
        double epochSeconds = startTime.ToUnixTimeMilliseconds() / 1000.0;
        string isoTime = startTime.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);
        WriteComment($"[Histogram log format version {FormatVersion}]");
        WriteLine(string.Create(CultureInfo.InvariantCulture, $"#[StartTime: {epochSeconds:F3} (seconds since epoch), {isoTime}]"));
        WriteLine(string.Create(CultureInfo.InvariantCulture, $"#[BaseTime: {epochSeconds:F3} (seconds since epoch)]"));
        WriteLine(Legend);
    }

    public void WriteComment(string comment)
    {
        ArgumentNullException.ThrowIfNull(comment);
        if (comment.AsSpan().ContainsAny('\r', '\n'))
        {
            throw new ArgumentException("A comment must fit on one line.", nameof(comment));
        }
        WriteLine("#" + comment);
    }

    /// <summary>Writes one interval; <paramref name="startSecondsSinceBase"/> is relative to the header's base time.</summary>
    public void WriteInterval(double startSecondsSinceBase, double lengthSeconds, LatencyHistogram histogram, string? tag = null)
    {
        ArgumentNullException.ThrowIfNull(histogram);
        string encoded = Convert.ToBase64String(HistogramEncoding.EncodeCompressed(histogram));
        string interval = string.Create(CultureInfo.InvariantCulture, $"{startSecondsSinceBase:F3},{lengthSeconds:F3},{histogram.Max / _maxValueUnitRatio:F3},{encoded}");
        if (tag is null)
        {
            WriteLine(interval);
            return;
        }
        // Readers split fields on commas and whitespace, so a tag containing them would corrupt the line.
        if (tag.Length == 0 || tag.AsSpan().ContainsAny(", \t\r\n"))
        {
            throw new ArgumentException($"Tag '{tag}' must be non-empty and contain no commas, spaces or line breaks.", nameof(tag));
        }
        WriteLine("Tag=" + tag + "," + interval);
    }

    // '\n' rather than Environment.NewLine, so logs written on any OS are byte-identical.
    private void WriteLine(string line)
    {
        _output.Write(line);
        _output.Write('\n');
    }
}
