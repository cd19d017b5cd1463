using System.CommandLine;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// Which of run's options reach the child runs of sweep and tune, declared once: those the parent sets for
/// each child, those a command sets itself (its knobs, or tune's searched knobs and durations), and every
/// other, passed unchanged, so an option added to run reaches every cell and probe without a list to keep.
/// </summary>
internal static class ChildRunOptions
{
    /// <summary>
    /// Set by the parent for each child: its folder, name and quiet output; the report, made by the parent over all
    /// children; and the secrets, handed to each child in its environment, never on its command line.
    /// </summary>
    public static IReadOnlyList<Option> SetForEachChild(RunOptions run) => [run.Output, run.Label, run.Quiet, run.Report, run.ConnectionString, run.Sas];

    /// <summary>
    /// Set by sweep itself over all its cells, never passed to one: <c>--junit</c>, one file with a testcase per cell and
    /// threshold (each cell still judges <c>--fail-if</c>, which is passed through, and exits 99 when one breaks).
    /// </summary>
    public static IReadOnlyList<Option> JudgedBySweep(RunOptions run) => [run.Junit];

    /// <summary>Not on compare --rounds: <c>--junit</c>, a file each run would write over the last one's (compare's own gate is <c>--fail-on</c>).</summary>
    public static IReadOnlyList<Option> NotOfCompare(RunOptions run) => [run.Junit];

    /// <summary>
    /// Refused by tune in one sentence: its probes are judged by its own constraints, --p99 and --max-throttled, a probe
    /// stopped early would measure less than its duration, and a probe measures one steady load, not a stage plan.
    /// </summary>
    public static IReadOnlyList<Option> RefusedByTune(RunOptions run) => [run.FailIf, run.AbortIf, run.Junit, run.Stages];

    /// <summary>The parent's --connection-string, handed to each child in its environment.</summary>
    /// <param name="child">What one child run is called: "cell", "probe", "run".</param>
    public static Option<string?> ConnectionString(string child) => new("--connection-string")
    {
        Description = $"Storage connection string (key or SAS), handed to each {child} in ${SecretVariables.ConnectionString}, never on its command line. Default: ${SecretVariables.ConnectionString}, else the Azurite development account on 127.0.0.1:10002.",
    };

    /// <summary>The parent's --sas, handed to each child in its environment.</summary>
    /// <param name="description">The parent's own file, which never holds it either: "sweep.json".</param>
    public static Option<string?> Sas(string child, string description) => new("--sas")
    {
        Description = $"Shared access signature for --endpoint, handed to each {child} in ${SecretVariables.Sas}, never on its command line or in {description}. Default: ${SecretVariables.Sas}.",
    };

    /// <summary>Every run option that is neither set for each child nor one of <paramref name="setByTheCommand"/>.</summary>
    public static IReadOnlyList<Option> PassThrough(RunOptions run, IEnumerable<Option> setByTheCommand)
    {
        var notPassed = SetForEachChild(run).Concat(setByTheCommand).ToHashSet();
        return run.All.Where(o => !notPassed.Contains(o)).ToList();
    }
}
