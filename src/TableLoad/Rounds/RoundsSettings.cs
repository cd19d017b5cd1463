using TableLoad.ChildRuns;
using TableLoad.Reporting.Compare;

namespace TableLoad.Rounds;

/// <summary><c>tableload compare --rounds N</c>'s validated settings: the two sides' run options, checked by run's own rules, and where the runs go.</summary>
internal sealed record RoundsSettings
{
    public required int Rounds { get; init; }

    public required RoundsSide Base { get; init; }

    public required RoundsSide New { get; init; }

    /// <summary>The run options given to compare for both sides, as given.</summary>
    public required IReadOnlyList<string> SharedArguments { get; init; }

    /// <summary>The one table every run writes into (then kept), when <c>--table</c> names one; null for a fresh table per run.</summary>
    public string? Table { get; init; }

    /// <summary>The folder of the comparison: rounds.json, comparison.json and one folder per run.</summary>
    public required string OutputDirectory { get; init; }

    public SecretText? ConnectionString { get; init; }

    public SecretText? Sas { get; init; }

    /// <summary>The figures of <c>--fail-on</c>: exit 99 when one is worse beyond noise.</summary>
    public required IReadOnlyCollection<GatedFigure> Gated { get; init; }

    /// <summary>Print the comparison as JSON instead of lines.</summary>
    public bool Json { get; init; }

    /// <summary>One run's planned warm-up and duration, for the plan's estimate.</summary>
    public TimeSpan RunTime { get; init; }

    public DateTimeOffset StartedUtc { get; init; }

    /// <summary>What runs the rounds, as the plan's line begins: "compare", or tune and sweep deciding a close call.</summary>
    public string Command { get; init; } = "compare";

    /// <summary>What a run that stops the rounds stops, for its sentence: "the comparison", "the close call".</summary>
    public string Purpose { get; init; } = "the comparison";
}

/// <param name="Name">"base" or "new", as folders and sentences name it.</param>
/// <param name="Given">The run options given for the side (<c>--base "..."</c>), as typed.</param>
/// <param name="RunArguments">The side's whole run command line after <c>run</c>: its own options, then the shared ones; no folder, label or table.</param>
internal sealed record RoundsSide(string Name, string Given, IReadOnlyList<string> RunArguments)
{
    /// <summary>A run's planned warm-up and duration.</summary>
    public TimeSpan Time { get; init; }
}
