namespace TableLoad.Settings;

/// <summary>
/// One of the loads a run sends at once: a profile's named <c>scenarios</c>, or the one unnamed load of a run without them, which the
/// output names nowhere, as a run of one load always was.
/// </summary>
internal sealed record Scenario(string Name, LoadSettings Load)
{
    /// <summary>The one load of a run without scenarios.</summary>
    public static Scenario Unnamed(LoadSettings load) => new("", load);

    /// <summary>Whether the output names it: a profile's scenario, each with its own figures, not a run's one load.</summary>
    public bool IsNamed => Name.Length > 0;

    /// <summary>A '.' never stands in a scenario's name, so one scenario's keys are never a prefix of another's.</summary>
    public static string KeyPrefixOf(string runPrefix, string name) => runPrefix + "." + name;
}
