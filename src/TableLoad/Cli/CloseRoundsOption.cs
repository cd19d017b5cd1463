using System.CommandLine;

namespace TableLoad.Cli;

/// <summary>
/// <c>--close-rounds N</c> of tune and sweep: how many interleaved rounds decide a close call, 0 for none; one round is
/// refused, as compare --rounds refuses it, since a paired difference needs two to show its spread.
/// </summary>
internal sealed class CloseRoundsOption(string description, int defaultRounds)
{
    public const int MostRounds = 100;

    public Bounded<int> Rounds { get; } = new(
        new Option<int>("--close-rounds") { Description = description, DefaultValueFactory = _ => defaultRounds },
        0, MostRounds, why: "0 for no rounds");

    public Option Option => Rounds.Option;

    /// <summary>The rounds given or defaulted; null when refused (the refusal is then listed in <paramref name="errors"/>).</summary>
    public int? ValueIn(ParseResult parse, UsageErrors errors) =>
        Rounds.ValueIn(parse, errors) is { } rounds && errors.Require(Option, rounds != 1,
            "--close-rounds must be 0 (no rounds) or at least 2, not 1: a paired difference needs two rounds to show its spread.") ? rounds : null;
}
