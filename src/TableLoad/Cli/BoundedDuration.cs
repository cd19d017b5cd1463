using System.CommandLine;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// A duration option (<c>30s</c>, <c>2m</c>, <c>hh:mm:ss</c>) and the range it accepts, declared together:
/// --help shows the range, and the refusal of a value outside it is made from the same limits.
/// </summary>
internal sealed class BoundedDuration
{
    public const string Forms = "500ms, 30s, 2m, 1h or hh:mm:ss";

    private readonly string _why;
    private readonly bool _aboveMin;
    private readonly bool _latency;

    /// <param name="why">Why the range is what it is, said in parentheses when a value is refused.</param>
    /// <param name="aboveMin">The minimum itself is refused (greater than, not at least).</param>
    /// <param name="latency">A latency: a bare number is refused, since 50 would be 50 seconds where 50ms was surely meant.</param>
    public BoundedDuration(Option<string> option, TimeSpan min, TimeSpan max, string why = "", bool aboveMin = false, bool latency = false)
    {
        _latency = latency;
        Option = option;
        Min = min;
        Max = max;
        _why = why.Length > 0 ? $" ({why})" : "";
        _aboveMin = aboveMin;
        option.Description = $"{option.Description} {char.ToUpperInvariant(Range[0])}{Range[1..]}.";
    }

    public Option<string> Option { get; }

    public TimeSpan Min { get; }

    public TimeSpan Max { get; }

    /// <summary>"between 10ms and 24h" or "greater than 0s and at most 720h".</summary>
    public string Range => _aboveMin ? $"greater than {Text(Min)} and at most {Text(Max)}" : $"between {Text(Min)} and {Text(Max)}";

    public bool Accepts(TimeSpan value) => (_aboveMin ? value > Min : value >= Min) && value <= Max;

    /// <summary>The duration given or defaulted; null when it is not a duration or out of range (the refusal is then listed in <paramref name="errors"/>).</summary>
    public TimeSpan? ValueIn(ParseResult parse, UsageErrors errors)
    {
        var text = parse.GetValue(Option);
        if (_latency && !errors.Require(Option, !DurationParser.IsBareNumber(text), $"{Option.Name} '{text}' is a latency without its unit; give the unit, as in {text}ms or {text}s."))
        {
            return null;
        }

        if (!errors.Require(Option, DurationParser.TryParse(text, out var duration), $"{Option.Name} '{text}' is not a duration; use forms such as {Forms}."))
        {
            return null;
        }

        return errors.Require(Option, Accepts(duration), $"{Option.Name} must be {Range}{_why}, not {text}.") ? duration : null;
    }

    private static string Text(TimeSpan value) => value == TimeSpan.Zero ? "0s" : DurationParser.Format(value);
}
