using TableLoad.Storage;

namespace TableLoad.Settings;

/// <summary>The names of a scenario's slices: its own is its name; each of its operations' is SCENARIO.OPERATION, as a gate scopes it.</summary>
internal static class ScenarioSlices
{
    public const char Separator = '.';

    /// <summary>Whether <paramref name="slice"/> is a scenario's own (its name), not an operation's nor a scenario's operation's.</summary>
    public static bool IsScenario(string slice) => !slice.Contains(Separator, StringComparison.Ordinal) && !TableOperationNames.TryParse(slice, out _);

    /// <summary>The operation a scenario's operation slice names, when <paramref name="slice"/> is one of <paramref name="scenario"/>'s.</summary>
    public static string? OperationIn(string slice, string scenario) =>
        slice.Length > scenario.Length + 1 && slice.StartsWith(scenario, StringComparison.Ordinal) && slice[scenario.Length] == Separator ? slice[(scenario.Length + 1)..] : null;

    public static string Of(string scenario, TableOperation operation) => Of(scenario, operation.ToName());

    /// <summary>A scenario's operation's slice, as summary.json's names give them: SCENARIO.OPERATION.</summary>
    public static string Of(string scenario, string operation) => scenario + Separator + operation;

    /// <summary>The slices a request of <paramref name="operation"/> counts in: the operation's across the run, the scenario's and the scenario's operation's.</summary>
    public static string[] Of(string? scenario, TableOperation operation, bool mix) =>
        scenario is not null ? [operation.ToName(), scenario, Of(scenario, operation)]
        : mix ? [operation.ToName()]
        : [];
}
