using System.CommandLine;
using System.Globalization;
using System.Numerics;

namespace TableLoad.Cli;

/// <summary>
/// A numeric option and the range it accepts, declared together: --help shows the range, and the
/// refusal of a value outside it is made from the same numbers, so a bound is never written twice.
/// </summary>
internal sealed class Bounded<T>
    where T : struct, INumber<T>
{
    private readonly Func<ParseResult, T?> _value;
    private readonly string _unit;
    private readonly string _why;
    private readonly bool _aboveMin;
    private readonly string _besides;

    /// <param name="unit">What the numbers count, after the range ("rows").</param>
    /// <param name="why">Why the range is what it is, said in parentheses when a value is refused.</param>
    /// <param name="aboveMin">The minimum itself is refused (greater than, not at least).</param>
    public Bounded(Option<T> option, T min, T max, string unit = "", string why = "", bool aboveMin = false)
        : this(option, parse => parse.GetValue(option), min, max, unit, why, aboveMin)
    {
    }

    /// <summary>An option that may be left out (null); a value given must be in the range.</summary>
    public Bounded(Option<T?> option, T min, T max, string unit = "", string why = "", bool aboveMin = false)
        : this(option, parse => parse.GetValue(option), min, max, unit, why, aboveMin)
    {
    }

    /// <summary>An option of text that takes a number in the range, or the word <paramref name="besides"/> (<c>--batch-size none</c>), which <paramref name="value"/> reads as null.</summary>
    public Bounded(Option<string> option, Func<ParseResult, T?> value, T min, T max, string why = "", string besides = "")
        : this(option, value, min, max, "", why, aboveMin: false, besides)
    {
    }

    private Bounded(Option option, Func<ParseResult, T?> value, T min, T max, string unit, string why, bool aboveMin, string besides = "")
    {
        Option = option;
        Min = min;
        Max = max;
        _value = value;
        _unit = unit.Length > 0 ? " " + unit : "";
        _why = why.Length > 0 ? $" ({why})" : "";
        _aboveMin = aboveMin;
        _besides = besides.Length > 0 ? besides + " or " : "";
        option.Description = $"{option.Description} {char.ToUpperInvariant(Range[0])}{Range[1..]}.";
    }

    public Option Option { get; }

    public T Min { get; }

    public T Max { get; }

    /// <summary>"between 1 and 100", "none or between 1 and 100", "greater than 0 and at most 1000000000 entities per second", or "at least 1" when the type's largest value is the only maximum.</summary>
    public string Range => _besides + (Max == T.CreateSaturating(double.MaxValue)
        ? (_aboveMin ? $"greater than {Text(Min)}" : $"at least {Text(Min)}")
        : (_aboveMin ? $"greater than {Text(Min)} and at most {Text(Max)}" : $"between {Text(Min)} and {Text(Max)}")) + _unit;

    public bool Accepts(T value) => (_aboveMin ? value > Min : value >= Min) && value <= Max;

    /// <summary>The one sentence that refuses <paramref name="value"/>.</summary>
    public string Refusal(T value) => $"{Option.Name} must be {Range}{_why}, not {Text(value)}.";

    /// <summary>The one sentence that refuses <paramref name="text"/>, which is not a number (nor the word the option takes besides).</summary>
    public string Refusal(string text) => $"{Option.Name} must be {Range}{_why}, not '{text}'.";

    /// <summary>The value given or defaulted, unjudged; null when left out.</summary>
    public T? ValueOf(ParseResult parse) => _value(parse);

    /// <summary>The value given or defaulted; null when left out, or when refused (the refusal is then listed in <paramref name="errors"/>).</summary>
    public T? ValueIn(ParseResult parse, UsageErrors errors)
    {
        var value = _value(parse);
        return value is { } given && !errors.Require(Option, Accepts(given), Refusal(given)) ? null : value;
    }

    private static string Text(T value) => value.ToString(null, CultureInfo.InvariantCulture);
}
