using TableLoad.Settings;
using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>
/// The <c>tableload run</c> command line that reproduces a confirm run: every option that differs from run's
/// defaults, the user's run options as given, and the confirm runs' duration; never a secret.
/// </summary>
internal static class ReproducingCommand
{
    public static string For(TuneSettings settings, TuneKnobs knobs)
    {
        var cell = settings.Cell(knobs);
        var words = new List<string> { "tableload", "run" };
        foreach (var knob in Enum.GetValues<SweepKnob>())
        {
            if (cell.Value(knob) is { } value && value != settings.RunDefaults.Cell.Value(knob))
            {
                words.AddRange([knob.OptionName(), value]);
            }
        }

        words.AddRange(settings.RunArguments);
        if (settings.Warmup != settings.RunDefaults.Warmup)
        {
            words.AddRange(["--warmup", DurationParser.Format(settings.Warmup)]);
        }

        if (settings.ConfirmDuration != settings.RunDefaults.Duration)
        {
            words.AddRange(["--duration", DurationParser.Format(settings.ConfirmDuration)]);
        }

        return string.Join(' ', words.Select(Quote));
    }

    /// <summary>A word as a POSIX shell reads it back: single-quoted unless it is made of characters the shell leaves alone.</summary>
    public static string Quote(string word) =>
        word.Length > 0 && word.All(c => char.IsAsciiLetterOrDigit(c) || "-_./:,=@%+".Contains(c))
            ? word
            : "'" + word.Replace("'", "'\\''", StringComparison.Ordinal) + "'";
}
