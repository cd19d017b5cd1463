using System.Globalization;

namespace TableLoad.Reporting;

/// <summary>
/// A preload's progress on stderr, as <see cref="LiveView"/> shows a run's: on a terminal one line rewritten every second,
/// when stderr is redirected a plain line every five seconds. Each line says the entities stored of the total, the rate
/// measured so far and the time left at that rate.
/// </summary>
internal sealed class PreloadProgress
{
    private readonly ProgressLine _line;
    private readonly long _total;
    private readonly TimeProvider _time;

    private PreloadProgress(TextWriter output, long total, TimeProvider time)
    {
        _line = new ProgressLine(output);
        _total = total;
        _time = time;
    }

    public static PreloadProgress Create(TextWriter output, long total, TimeProvider time) => new(output, total, time);

    /// <summary>Shows a line every interval until <paramref name="done"/> completes.</summary>
    /// <param name="stored">Entities stored so far.</param>
    public async Task ShowUntilAsync(Func<long> stored, Task done)
    {
        var started = _time.GetTimestamp();
        var every = TimeSpan.FromSeconds(_line.Interactive ? 1 : 5);
        while (await Task.WhenAny(done, Task.Delay(every, _time)).ConfigureAwait(false) != done)
        {
            _line.Show(Format(stored(), _total, _time.GetElapsedTime(started)));
        }

        _line.Complete();
    }

    /// <summary>One progress line: <c>[preload   10s] 62000/2400000 entities (2.6%), 6200 e/s, about 0:06:17 left</c>.</summary>
    public static string Format(long stored, long total, TimeSpan elapsed)
    {
        var rate = elapsed > TimeSpan.Zero ? stored / elapsed.TotalSeconds : 0;
        var left = rate > 0 ? $"about {Clock(TimeSpan.FromSeconds((total - stored) / rate))} left" : "time left not known yet";
        return string.Create(CultureInfo.InvariantCulture,
            $"[preload {elapsed.TotalSeconds,4:0}s] {stored}/{total} entities ({100.0 * stored / Math.Max(1, total):0.0}%), {rate:0} e/s, {left}");
    }

    private static string Clock(TimeSpan span) => string.Create(CultureInfo.InvariantCulture, $"{(long)span.TotalHours}:{span.Minutes:00}:{span.Seconds:00}");
}
