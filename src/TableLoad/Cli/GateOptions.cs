using System.CommandLine;
using System.Globalization;
using TableLoad.Measurement.Gates;

namespace TableLoad.Cli;

/// <summary>Checks the gates where an option takes them: <c>--fail-if</c> (run, sweep) and <c>--abort-if</c> (run), each bad condition one sentence.</summary>
internal static class GateOptions
{
    public static void Check(UsageErrors errors, Option option, string? expression)
    {
        if (expression is null)
        {
            return;
        }

        var faults = new List<string>();
        ThresholdParser.Parse([expression], option.Name, faults);
        Refuse(errors, option, faults);
    }

    /// <summary>The <c>--abort-if</c> conditions joined by commas, as the settings keep them; null for none.</summary>
    /// <param name="rate">The accepted <c>--rate</c>, the target a bound on it needs; null in the closed model.</param>
    /// <param name="duration">The accepted measured time (--duration, or the sum of --stages), which no window may be longer than; null when it was refused.</param>
    public static string? ReadAbortIf(ParseResult parse, RunOptions options, UsageErrors errors, double? rate, TimeSpan? duration)
    {
        if (parse.GetValue(options.AbortIf) is not { Length: > 0 } expressions)
        {
            return null;
        }

        var faults = new List<string>();
        var conditions = AbortConditionParser.Parse(expressions, options.AbortIf.Name, faults);
        foreach (var condition in conditions)
        {
            if (condition.NeedsTarget && rate is null)
            {
                faults.Add($"--abort-if '{condition.Text}' compares with the target, which only the open model has: give --rate too.");
            }

            if (duration is { } measured && condition.WindowSeconds > measured.TotalSeconds)
            {
                faults.Add(string.Create(CultureInfo.InvariantCulture,
                    $"--abort-if '{condition.Text}' has a window longer than the run's measured time ({measured.TotalSeconds:0.###}s), so it could never be judged."));
            }
        }

        Refuse(errors, options.AbortIf, faults);
        return string.Join(",", expressions);
    }

    private static void Refuse(UsageErrors errors, Option option, List<string> faults)
    {
        foreach (var fault in faults)
        {
            errors.Require(option, false, fault);
        }
    }
}
