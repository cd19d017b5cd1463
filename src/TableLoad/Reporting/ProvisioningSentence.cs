using System.Globalization;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>The answer a capacity plan needs from a charged run: the RU/s to provision for the rate it measured.</summary>
internal static class ProvisioningSentence
{
    /// <summary>"to sustain 5,000 e/s of this entity, provision ≥ 29,000 RU/s (the peak second needed 31,200)".</summary>
    public static string Of(double entitiesPerSecond, ProvisionedRequestUnits provision) =>
        $"to sustain {Whole(entitiesPerSecond)} e/s of this entity, provision ≥ {RoundedUp(provision.Mean)} RU/s (the peak second needed {RoundedUp(provision.Peak)})";

    /// <summary>Up to the whole request unit: a provisioning figure rounded down would fall short.</summary>
    public static string RoundedUp(double requestUnits) => Math.Ceiling(requestUnits).ToString("#,0", CultureInfo.InvariantCulture);

    private static string Whole(double value) => value.ToString("#,0", CultureInfo.InvariantCulture);
}
