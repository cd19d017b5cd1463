using System.Globalization;

namespace TableLoad.Cli;

/// <summary>Reads durations such as <c>500ms</c>, <c>30s</c>, <c>2m</c>, <c>1h</c>, <c>1m30s</c> or <c>hh:mm:ss</c>.</summary>
internal static class DurationParser
{
    public static bool TryParse(string? text, out TimeSpan duration)
    {
        duration = TimeSpan.Zero;
        if (string.IsNullOrWhiteSpace(text))
        {
            return false;
        }

        var s = text.Trim();
        if (s.Contains(':', StringComparison.Ordinal))
        {
            return TimeSpan.TryParseExact(s, [@"h\:mm\:ss", @"hh\:mm\:ss", @"m\:ss", @"h\:mm\:ss\.FFF"], CultureInfo.InvariantCulture, out duration);
        }

        var total = TimeSpan.Zero;
        var i = 0;
        while (i < s.Length)
        {
            var start = i;
            while (i < s.Length && (char.IsAsciiDigit(s[i]) || s[i] == '.'))
            {
                i++;
            }

            if (start == i || !double.TryParse(s.AsSpan(start, i - start), NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value))
            {
                return false;
            }

            var unitStart = i;
            while (i < s.Length && char.IsAsciiLetter(s[i]))
            {
                i++;
            }

            var seconds = s[unitStart..i].ToLowerInvariant() switch
            {
                "ms" => value / 1000,
                "s" or "" => value,
                "m" => value * 60,
                "h" => value * 3600,
                _ => double.NaN,
            };

            // Beyond TimeSpan's range (about 29,000 years) is as unparseable as a typo.
            if (double.IsNaN(seconds) || total.TotalSeconds + seconds >= TimeSpan.MaxValue.TotalSeconds / 2)
            {
                return false;
            }

            total += TimeSpan.FromSeconds(seconds);
        }

        duration = total;
        return true;
    }

    public static string Format(TimeSpan duration) =>
        duration.TotalSeconds < 1 ? $"{duration.TotalMilliseconds.ToString(CultureInfo.InvariantCulture)}ms"
        : duration.TotalSeconds % 60 != 0 || duration.TotalSeconds < 60 ? $"{duration.TotalSeconds.ToString(CultureInfo.InvariantCulture)}s"
        : duration.TotalMinutes % 60 != 0 || duration.TotalMinutes < 60 ? $"{duration.TotalMinutes.ToString(CultureInfo.InvariantCulture)}m"
        : $"{duration.TotalHours.ToString(CultureInfo.InvariantCulture)}h";
}
