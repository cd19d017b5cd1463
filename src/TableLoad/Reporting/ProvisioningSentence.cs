using System.Globalization;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>The answer a capacity plan needs from a charged run: the RU/s to provision for the rate it measured.</summary>
internal static class ProvisioningSentence
{
    /// <summary>"to sustain 5,000 e/s of this entity, provision ≥ 29,000 RU/s (the peak second needed 31,200)".</summary>
    public static string Of(double entitiesPerSecond, ProvisionedRequestUnits provision) =>
        $"to sustain {Whole(entitiesPerSecond)} e/s of this entity, provision ≥ {RoundedUp(provision.Mean)} RU/s (the peak second needed {RoundedUp(provision.Peak)})";

    /// <summary>
    /// As <see cref="Of(double, ProvisionedRequestUnits)"/>, and when the run fell short of the rate it was asked for (<paramref name="target"/>,
    /// entities/s of the fleet), what that rate needs: "; the target, 1,000 e/s, needs ≥ 6,833 RU/s".
    /// </summary>
    public static string Of(double entitiesPerSecond, ProvisionedRequestUnits provision, double requestUnitsPerEntity, double? target) =>
        Of(entitiesPerSecond, provision) + (target is { } rate && Whole(rate) != Whole(entitiesPerSecond)
            ? $"; the target, {Whole(rate)} e/s, needs ≥ {RoundedUp(requestUnitsPerEntity * rate)} RU/s"
            : "");

    /// <summary>
    /// Up to the whole request unit, once a millionth has cleared the float error of a product: a figure rounded down would
    /// fall short, and 6,833.000000000001 rounded up would ask for a unit nothing needs.
    /// </summary>
    public static string RoundedUp(double requestUnits) =>
        Math.Ceiling(Math.Round(requestUnits, 6)).ToString("#,0", CultureInfo.InvariantCulture);

    private static string Whole(double value) => value.ToString("#,0", CultureInfo.InvariantCulture);
}
