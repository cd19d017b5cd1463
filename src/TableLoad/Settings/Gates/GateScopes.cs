namespace TableLoad.Settings.Gates;

/// <summary>
/// The names a gate may be scoped by (<c>read.p99&lt;20ms</c>): the parts of a run measured apart, looked up by name so that
/// other kinds of part can join the operations without a change to the gates.
/// </summary>
/// <param name="Names">Every part the run measures apart, in the order the run names them.</param>
/// <param name="Kind">What the parts are, for the sentence that refuses a name: "operation".</param>
internal sealed record GateScopes(IReadOnlyList<string> Names, string Kind)
{
    /// <summary>The operations a run sends: its <c>--operation</c>, or each of its <c>--mix</c>.</summary>
    public static GateScopes Operations(IEnumerable<string> names) => new([.. names], "operation");

    /// <summary>What a run of scenarios is scoped by: its operations, its scenarios and theirs (lookups.read).</summary>
    public const string ScenarioKind = "scenario and operation name";

    public bool Contains(string name) => Names.Contains(name, StringComparer.Ordinal);
}
