using System.CommandLine;
using System.Globalization;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// <c>--rate</c> and the range it accepts, declared together as <see cref="Bounded{T}"/> declares a number's: the value in either unit
/// (<see cref="RateTarget"/>), read by the parser so a profile's number or string and a variable's text are read alike, and judged here
/// in the unit it was given and, converted, in entities per second.
/// </summary>
internal sealed class RateOption
{
    public RateOption(string description, double max)
    {
        Max = max;
        Option = new Option<RateTarget?>("--rate")
        {
            HelpName = "RATE",
            Description = $"{description} {char.ToUpperInvariant(Range[0])}{Range[1..]}.",
            CustomParser = static result =>
            {
                var text = result.Tokens.Count > 0 ? result.Tokens[0].Value : "";
                if (RateTarget.TryParse(text, out var rate))
                {
                    return rate;
                }

                // Worded by ParseFaults, from the kind OptionLayers names for the option's type.
                result.AddError($"--rate '{text}' is not a rate");
                return null;
            },
        };
    }

    public Option<RateTarget?> Option { get; }

    /// <summary>The most a rate may be, in either unit, and converted to entities per second.</summary>
    public double Max { get; }

    /// <summary>"greater than 0 and at most 1000000000, entities or requests per second".</summary>
    public string Range => $"greater than 0 and at most {Number(Max)}, entities or requests per second";

    public bool Accepts(RateTarget rate) => rate.Value > 0 && rate.Value <= Max;

    /// <summary>The one sentence that refuses <paramref name="rate"/>: "--rate must be greater than 0 and at most 1000000000 entities per second, not 0."</summary>
    public string Refusal(RateTarget rate) => $"{Option.Name} must be greater than 0 and at most {Number(Max)} {rate.UnitName}, not {rate.Text()}.";

    /// <summary>The rate given; null when left out, or when refused (the refusal is then listed in <paramref name="errors"/>).</summary>
    public RateTarget? ValueIn(ParseResult parse, UsageErrors errors) =>
        parse.GetValue(Option) is { } rate && !errors.Require(Option, Accepts(rate), Refusal(rate)) ? null : parse.GetValue(Option);

    /// <summary>
    /// The rate in entities per second for a load of <paramref name="entitiesPerRequest"/>; null, with its refusal listed, when requests per
    /// second make more entities per second than <see cref="Max"/>.
    /// </summary>
    public double? EntitiesPerSecondIn(RateTarget rate, double entitiesPerRequest, UsageErrors errors)
    {
        var entitiesPerSecond = rate.EntitiesPerSecond(entitiesPerRequest);
        return errors.Require(Option, entitiesPerSecond <= Max,
            $"{Option.Name} {rate.Text()} is {Number(entitiesPerSecond)} entities per second at {Number(entitiesPerRequest)} entities a request; a rate is at most {Number(Max)} entities per second.")
            ? entitiesPerSecond
            : null;
    }

    private static string Number(double value) => value.ToString(CultureInfo.InvariantCulture);
}
