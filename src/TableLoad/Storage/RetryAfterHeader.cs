using System.Globalization;

namespace TableLoad.Storage;

/// <summary>How long the service asked the client to wait: the Cosmos DB Table API's <c>x-ms-retry-after-ms</c>, else a standard <c>Retry-After</c>.</summary>
internal static class RetryAfterHeader
{
    public const string MillisecondsName = "x-ms-retry-after-ms";
    public const string StandardName = "Retry-After";

    /// <summary>Null when neither header holds a usable value.</summary>
    /// <param name="time">The clock an HTTP-date is measured against.</param>
    public static TimeSpan? Parse(string? milliseconds, string? standard, TimeProvider time)
    {
        if (double.TryParse(milliseconds, NumberStyles.Float, CultureInfo.InvariantCulture, out var ms) && ms >= 0 && double.IsFinite(ms))
        {
            return TimeSpan.FromMilliseconds(ms);
        }

        if (standard is null)
        {
            return null;
        }

        if (long.TryParse(standard, NumberStyles.None, CultureInfo.InvariantCulture, out var seconds))
        {
            return TimeSpan.FromSeconds(seconds);
        }

        // Retry-After may also be an HTTP date.
        return DateTimeOffset.TryParse(standard, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var at)
            ? Max(at - time.GetUtcNow(), TimeSpan.Zero)
            : null;
    }

    private static TimeSpan Max(TimeSpan a, TimeSpan b) => a > b ? a : b;
}
