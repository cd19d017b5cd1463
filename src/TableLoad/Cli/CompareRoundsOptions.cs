using System.CommandLine;

namespace TableLoad.Cli;

/// <summary>
/// compare's options for comparing by rounds: how many, each side's run options, the folder, the secrets the runs are
/// handed, and every run option that is not set for each run, given once for both sides.
/// </summary>
internal sealed class CompareRoundsOptions
{
    public CompareRoundsOptions()
    {
        PassThrough = ChildRunOptions.PassThrough(Run, ChildRunOptions.NotOfCompare(Run));
    }

    /// <summary>The run options both sides share; only those in <see cref="PassThrough"/> are on the compare command.</summary>
    public RunOptions Run { get; } = new();

    public Bounded<int> Rounds { get; } = new(
        new Option<int?>("--rounds")
        {
            Description = "Run the two configurations of --base and --new N rounds each, alternately in ABBA order (round 1: base then new; round 2: new then base; …), each run a 'tableload run' against the same target, " +
                "and judge each figure by the rounds' paired differences: per round the log of new/base (points for a share), mean ± t(N−1, 0.975)·sd/√N. Default: none (compare two run folders).",
        },
        2, 1000, why: "a paired difference needs at least two rounds to show its spread");

    public Option<string?> Base { get; } = new("--base")
    {
        Description = "With --rounds: the base configuration's run options, in quotes, e.g. \"--tasks 4\" (parsed as 'tableload run' parses them). Default: none.",
    };

    public Option<string?> New { get; } = new("--new")
    {
        Description = "With --rounds: the new configuration's run options, in quotes, e.g. \"--tasks 8\"; not the same as --base (for two runs of one configuration, differ in what is no knob, e.g. --key-prefix). Default: none.",
    };

    public Option<string?> Output { get; } = new("--output")
    {
        Description = "With --rounds: the folder of the comparison: rounds.json (the run order), comparison.json (the verdicts) and one folder per run, r1-base, r1-new, r2-new, r2-base …; one that already holds result files is refused. Default: results/compare-<yyyyMMdd-HHmmss>/ (UTC).",
    };

    public Option<string?> ConnectionString { get; } = ChildRunOptions.ConnectionString("run");

    public Option<string?> Sas { get; } = ChildRunOptions.Sas("run", "rounds.json");

    /// <summary>The run options given once for both sides (duration, warm-up, target, …), passed unchanged to every run.</summary>
    public IReadOnlyList<Option> PassThrough { get; }

    /// <summary>The options that mean a comparison by rounds, given without --rounds.</summary>
    public IEnumerable<Option> OfRoundsAlone => [Output, ConnectionString, Sas, .. PassThrough];

    public IEnumerable<Option> All => [Rounds.Option, Base, New, Output, ConnectionString, Sas, .. PassThrough];
}
