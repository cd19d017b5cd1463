using System.Globalization;
using System.Text.Json.Serialization;

namespace TableLoad.Settings;

/// <summary>The unit a rate is given in: entities per second (the default) or requests per second.</summary>
internal enum RateUnit
{
    EntitiesPerSecond,
    RequestsPerSecond,
}

/// <summary>
/// A rate as the user gave it (<c>--rate</c>, a stage's target, a sweep's rates), its value and its unit: <c>5600</c> or
/// <c>5600eps</c> entities per second, <c>2000rps</c> requests per second (the unit of k6's arrival rate and YCSB's -target).
/// Read once, and converted once to the entities per second the open model paces by, at the load's entities per request;
/// written back in the same syntax, so that a repeat means the same load.
/// </summary>
[JsonConverter(typeof(RateTargetJsonConverter))]
internal readonly record struct RateTarget(double Value, RateUnit Unit)
{
    /// <summary>The forms a rate takes, as --help and refusals say them.</summary>
    public const string Forms = "5600 or 5600eps (entities per second) or 2000rps (requests per second)";

    private const string EntitiesSuffix = "eps";

    private const string RequestsSuffix = "rps";

    /// <summary>A rate of <paramref name="perSecond"/> entities per second.</summary>
    public static RateTarget Entities(double perSecond) => new(perSecond, RateUnit.EntitiesPerSecond);

    /// <summary>A rate of <paramref name="perSecond"/> requests per second.</summary>
    public static RateTarget Requests(double perSecond) => new(perSecond, RateUnit.RequestsPerSecond);

    /// <summary>The rate in entities per second, for a load whose requests carry <paramref name="entitiesPerRequest"/> entities on average.</summary>
    public double EntitiesPerSecond(double entitiesPerRequest) => Unit switch
    {
        RateUnit.EntitiesPerSecond => Value,
        RateUnit.RequestsPerSecond => Value * entitiesPerRequest,
    };

    /// <summary>
    /// A rate of <paramref name="entitiesPerSecond"/> said in <paramref name="unit"/>: the value the user gave, converted back, to 15 significant
    /// digits so that the conversion's last bit does not show (2000rps, not 2000.0000000000002rps).
    /// </summary>
    public static RateTarget Of(double entitiesPerSecond, RateUnit unit, double entitiesPerRequest)
    {
        var value = unit switch
        {
            RateUnit.EntitiesPerSecond => entitiesPerSecond,
            RateUnit.RequestsPerSecond => double.Parse((entitiesPerSecond / entitiesPerRequest).ToString("G15", CultureInfo.InvariantCulture), CultureInfo.InvariantCulture),
        };
        return new RateTarget(value, unit);
    }

    /// <summary>The rate as --rate takes it: <c>5600</c> (entities per second, written bare as before the unit existed) or <c>2000rps</c>.</summary>
    public string Text() => Number(Value) + Unit switch
    {
        RateUnit.EntitiesPerSecond => "",
        RateUnit.RequestsPerSecond => RequestsSuffix,
    };

    /// <summary>"entities per second" or "requests per second", as refusals say the unit.</summary>
    public string UnitName => Unit switch
    {
        RateUnit.EntitiesPerSecond => "entities per second",
        RateUnit.RequestsPerSecond => "requests per second",
    };

    /// <summary>"e/s" or "req/s", as the run's lines say the unit.</summary>
    public string UnitSymbol => Unit switch
    {
        RateUnit.EntitiesPerSecond => "e/s",
        RateUnit.RequestsPerSecond => "req/s",
    };

    /// <summary>Reads a number, bare or followed by <c>eps</c> or <c>rps</c> (any case); a sign is read so that a negative rate is refused as one.</summary>
    public static bool TryParse(string? text, out RateTarget rate)
    {
        rate = default;
        var trimmed = text?.Trim() ?? "";
        var unit = RateUnit.EntitiesPerSecond;
        if (trimmed.EndsWith(RequestsSuffix, StringComparison.OrdinalIgnoreCase))
        {
            (trimmed, unit) = (trimmed[..^RequestsSuffix.Length], RateUnit.RequestsPerSecond);
        }
        else if (trimmed.EndsWith(EntitiesSuffix, StringComparison.OrdinalIgnoreCase))
        {
            trimmed = trimmed[..^EntitiesSuffix.Length];
        }

        if (trimmed.Length == 0 || !char.IsAsciiDigit(trimmed[^1])
            || !double.TryParse(trimmed, NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent, CultureInfo.InvariantCulture, out var value)
            || !double.IsFinite(value))
        {
            return false;
        }

        rate = new RateTarget(value, unit);
        return true;
    }

    private static string Number(double value) => value.ToString(CultureInfo.InvariantCulture);
}
