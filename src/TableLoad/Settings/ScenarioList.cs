namespace TableLoad.Settings;

/// <summary>The scenarios of a run (<see cref="RunSettings.Scenarios"/>), in the profile's order, equal by their contents as settings sent to a worker and read back are.</summary>
internal sealed record ScenarioList(IReadOnlyList<Scenario> Items)
{
    public bool Equals(ScenarioList? other) => other is not null && Items.SequenceEqual(other.Items);

    public override int GetHashCode() => Items.Aggregate(0, (hash, scenario) => HashCode.Combine(hash, scenario));
}
