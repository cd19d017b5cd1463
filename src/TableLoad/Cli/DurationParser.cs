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

            var unit = s[unitStart..i].ToLowerInvariant();
            TimeSpan part;
            switch (unit)
            {
                case "ms": part = TimeSpan.FromMilliseconds(value); break;
                case "s" or "": part = TimeSpan.FromSeconds(value); break;
                case "m": part = TimeSpan.FromMinutes(value); break;
                case "h": part = TimeSpan.FromHours(value); break;
                default: return false;
            }

            total += part;
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
