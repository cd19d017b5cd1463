using System.Globalization;

namespace TableLoad.Reporting.Merge;

/// <summary>
/// The measured periods of the folders a report merges. A merge adds seconds of the same wall clock, so it
/// is only true for runs that overlapped; its measured time is the union of their periods.
/// </summary>
internal static class MeasuredPeriods
{
    /// <summary>The union's length in seconds; a <see cref="FormatException"/> naming the gap when one run ended before another started.</summary>
    public static double Union(IReadOnlyList<ResultPart> parts)
    {
        var sorted = parts.Select(p => (Part: p, Period: p.MeasuredPeriod())).OrderBy(p => p.Period.From).ToList();
        var (from, to) = sorted[0].Period;
        var last = sorted[0].Part;
        foreach (var (part, period) in sorted.Skip(1))
        {
            if (period.From > to)
            {
                throw new FormatException(string.Create(CultureInfo.InvariantCulture,
                    $"{last.RunId} ended its measured period at {Time(to)}, before {part.RunId} began its own at {Time(period.From)}: report merges runs that ran at the same time, so report them separately."));
            }

            if (period.To > to)
            {
                (to, last) = (period.To, part);
            }
        }

        // No gap anywhere, so the union is one period.
        return to - from;
    }

    private static string Time(double epochSeconds) =>
        DateTimeOffset.FromUnixTimeMilliseconds((long)(epochSeconds * 1000)).ToString("HH:mm:ss.fff", CultureInfo.InvariantCulture);
}
