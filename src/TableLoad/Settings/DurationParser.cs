using System.Globalization;

namespace TableLoad.Settings;

/// <summary>Reads durations such as <c>500ms</c>, <c>30s</c>, <c>2m</c>, <c>1h</c>, <c>1m30s</c> or <c>hh:mm:ss</c>; a bare number is seconds.</summary>
internal static class DurationParser
{
    /// <summary>A number with no unit (<c>50</c>, <c>0.5</c>): seconds to <see cref="TryParse"/>, and a likely slip where milliseconds are the scale.</summary>
    public static bool IsBareNumber(string? text) =>
        text?.Trim() is { Length: > 0 } s && s.All(c => char.IsAsciiDigit(c) || c == '.');

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
            return TryParseClock(s, out duration);
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

    /// <summary>hh:mm:ss or mm:ss, hours unbounded (25:00:00 is a day and an hour).</summary>
    private static bool TryParseClock(string s, out TimeSpan duration)
    {
        duration = TimeSpan.Zero;
        var parts = s.Split(':');
        if (parts.Length is < 2 or > 3)
        {
            return false;
        }

        var numbers = new long[parts.Length];
        for (var i = 0; i < parts.Length; i++)
        {
            if (!long.TryParse(parts[i], NumberStyles.None, CultureInfo.InvariantCulture, out numbers[i]) || numbers[i] > 1_000_000 || (i > 0 && numbers[i] > 59))
            {
                return false;
            }
        }

        var seconds = numbers.Aggregate(0L, (total, part) => (total * 60) + part);
        duration = TimeSpan.FromSeconds(seconds);
        return true;
    }

    public static string Format(TimeSpan duration) =>
        duration.TotalSeconds < 1 ? $"{duration.TotalMilliseconds.ToString(CultureInfo.InvariantCulture)}ms"
        : duration.TotalSeconds % 60 != 0 || duration.TotalSeconds < 60 ? $"{duration.TotalSeconds.ToString(CultureInfo.InvariantCulture)}s"
        : duration.TotalMinutes % 60 != 0 || duration.TotalMinutes < 60 ? $"{duration.TotalMinutes.ToString(CultureInfo.InvariantCulture)}m"
        : $"{duration.TotalHours.ToString(CultureInfo.InvariantCulture)}h";
}
