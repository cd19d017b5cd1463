using System.Globalization;

namespace TableLoad.Rounds;

/// <summary>One run of a comparison by rounds: its round, its side, and the folder named so that the order shows (r1-base, r1-new, r2-new …).</summary>
internal sealed record RoundRun(int Round, string Side)
{
    public string Folder => string.Create(CultureInfo.InvariantCulture, $"r{Round}-{Side}");
}

/// <summary>
/// The order of the runs: ABBA, base then new in odd rounds and new then base in even ones, so a drift of the machine
/// or the service, or a warm-up that favours whichever runs first or second, falls on both sides alike.
/// </summary>
internal static class RoundsOrder
{
    public const string Base = "base";
    public const string New = "new";

    public static IReadOnlyList<RoundRun> Of(int rounds) =>
        [.. Enumerable.Range(1, rounds).SelectMany(r => r % 2 == 1
            ? new[] { new RoundRun(r, Base), new RoundRun(r, New) }
            : [new RoundRun(r, New), new RoundRun(r, Base)])];
}
