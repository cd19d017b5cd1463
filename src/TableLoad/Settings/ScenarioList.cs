namespace TableLoad.Settings;

/// <summary>The scenarios of a run (<see cref="RunSettings.Scenarios"/>), in the profile's order, never empty, equal by their contents as settings sent to a worker and read back are.</summary>
internal sealed record ScenarioList(IReadOnlyList<Scenario> Items)
{
    /// <summary>A run of one load: one unnamed scenario.</summary>
    public static ScenarioList Of(LoadSettings load) => new([Scenario.Unnamed(load)]);

    /// <summary>Every scenario with its load changed by <paramref name="change"/>.</summary>
    public ScenarioList Map(Func<LoadSettings, LoadSettings> change) => new([.. Items.Select(s => s with { Load = change(s.Load) })]);

    public bool Equals(ScenarioList? other) => other is not null && Items.SequenceEqual(other.Items);

    public override int GetHashCode() => Items.Aggregate(0, (hash, scenario) => HashCode.Combine(hash, scenario));
}
