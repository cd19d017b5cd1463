using System.Globalization;

namespace TableLoad.Measurement.Histograms;

/// <summary>One interval of a histogram log; <paramref name="StartTimestamp"/> is absolute, in seconds since the Unix epoch.</summary>
public sealed record HistogramLogRecord(string? Tag, double StartTimestamp, double IntervalLength, LatencyHistogram Histogram);

/// <summary>
/// Reads an HdrHistogram interval log as written by <see cref="HistogramLogWriter"/> or other HdrHistogram tools:
/// comments and the legend are skipped, <c>#[StartTime:</c> and <c>#[BaseTime:</c> are honoured, and each interval's
/// start is made absolute the way HdrHistogram's HistogramLogReader does it.
/// </summary>
public sealed class HistogramLogReader
{
    private const string StartTimePrefix = "#[StartTime:";
    private const string BaseTimePrefix = "#[BaseTime:";
    private const string TagPrefix = "Tag=";
    private const double SecondsPerYear = 365 * 24 * 3600.0;
    private static readonly char[] FieldSeparators = [',', ' ', '\t'];

    private readonly TextReader _input;

    public HistogramLogReader(TextReader input)
    {
        ArgumentNullException.ThrowIfNull(input);
        _input = input;
    }

    /// <summary>The log's start time in seconds since the epoch, once read (or deduced from the first interval).</summary>
    public double? StartTimeSeconds { get; private set; }

    /// <summary>The time interval timestamps are relative to, once read (or deduced from the first interval).</summary>
    public double? BaseTimeSeconds { get; private set; }

    /// <summary>Reads the intervals lazily, in file order.</summary>
    /// <exception cref="FormatException">A line is neither a comment, the legend nor a valid interval.</exception>
    /// <exception cref="InvalidDataException">An interval's histogram cannot be decoded.</exception>
    public IEnumerable<HistogramLogRecord> ReadRecords()
    {
        int lineNumber = 0;
        while (_input.ReadLine() is { } rawLine)
        {
            lineNumber++;
            string line = rawLine.Trim();
            if (line.StartsWith(StartTimePrefix, StringComparison.Ordinal))
            {
                StartTimeSeconds = ParseLeadingNumber(line[StartTimePrefix.Length..]) ?? StartTimeSeconds;
            }
            else if (line.StartsWith(BaseTimePrefix, StringComparison.Ordinal))
            {
                BaseTimeSeconds = ParseLeadingNumber(line[BaseTimePrefix.Length..]) ?? BaseTimeSeconds;
            }
            else if (line.Length > 0 && line[0] != '#' && line[0] != '"')
            {
                yield return ParseInterval(line, lineNumber);
            }
        }
    }

    private HistogramLogRecord ParseInterval(string line, int lineNumber)
    {
        string? tag = null;
        string fieldsText = line;
        if (line.StartsWith(TagPrefix, StringComparison.Ordinal))
        {
            int comma = line.IndexOf(',');
            if (comma < 0)
            {
                throw new FormatException($"Line {lineNumber}: a tagged interval needs fields after the tag.");
            }
            tag = line[TagPrefix.Length..comma];
            fieldsText = line[(comma + 1)..];
        }

        string[] fields = fieldsText.Split(FieldSeparators, StringSplitOptions.RemoveEmptyEntries);
        if (fields.Length != 4)
        {
            throw new FormatException(
                $"Line {lineNumber}: expected StartTimestamp,Interval_Length,Interval_Max,Interval_Compressed_Histogram but found {fields.Length} fields.");
        }
        double logTimestamp = ParseNumber(fields[0], lineNumber);
        double intervalLength = ParseNumber(fields[1], lineNumber);
        ParseNumber(fields[2], lineNumber); // Interval_Max is only a convenience for people; the histogram holds the max

        LatencyHistogram histogram;
        try
        {
            histogram = HistogramEncoding.DecodeCompressed(Convert.FromBase64String(fields[3]));
        }
        catch (FormatException ex)
        {
            throw new FormatException($"Line {lineNumber}: the histogram is not valid base64.", ex);
        }
        catch (InvalidDataException ex)
        {
            throw new InvalidDataException($"Line {lineNumber}: {ex.Message}", ex);
        }
        return new HistogramLogRecord(tag, logTimestamp + ResolveBaseTime(logTimestamp), intervalLength, histogram);
    }

    // Without a BaseTime line, HdrHistogram treats timestamps as relative to StartTime when they are more than a year
    // before it, and as absolute otherwise; without a StartTime either, the first timestamp stands in for it.
    private double ResolveBaseTime(double firstLogTimestamp)
    {
        StartTimeSeconds ??= firstLogTimestamp;
        BaseTimeSeconds ??= firstLogTimestamp < StartTimeSeconds.Value - SecondsPerYear ? StartTimeSeconds.Value : 0.0;
        return BaseTimeSeconds.Value;
    }

    // Like HdrHistogram, a time comment without a readable number is just a comment.
    private static double? ParseLeadingNumber(string text)
    {
        string trimmed = text.TrimStart();
        int end = trimmed.IndexOfAny([' ', ',', ']']);
        string number = end < 0 ? trimmed : trimmed[..end];
        return double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) ? value : null;
    }

    private static double ParseNumber(string text, int lineNumber) =>
        double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double number)
            ? number
            : throw new FormatException($"Line {lineNumber}: '{text}' is not a number.");
}
