using System.Globalization;
using Microsoft.Extensions.Logging;
using TableLoad.ChildRuns;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Rounds;

/// <summary>How a close call's rounds run.</summary>
/// <param name="ParentDirectory">Tune's or sweep's own folder, which the rounds' folder lies in.</param>
/// <param name="Command">"tune" or "sweep", as the plan's line begins.</param>
/// <param name="RunTime">One run's warm-up and duration, for the plan's estimate.</param>
/// <param name="Table">The one table every run writes into (then kept), when the user named one; null for a fresh table per run.</param>
internal sealed record CloseCallPlan(int Rounds, string ParentDirectory, string Command, TimeSpan RunTime, string? Table);

/// <summary>One side of a close call: its name (a tune probe's or sweep cell's) and the run options that make it, knobs first.</summary>
internal sealed record CloseCallSide(string Name, IReadOnlyList<string> RunArguments);

/// <summary>
/// Two configurations whose one run each left them within noise by an assumed run-to-run share (tune's cheaper choice,
/// sweep's best two cells), decided by interleaved rounds of the two instead: compare --rounds' own runs and paired judgement,
/// in a folder of their own.
/// </summary>
internal static class CloseCall
{
    /// <summary>The folder of the rounds, inside tune's or sweep's own.</summary>
    public const string Folder = "close-rounds";

    /// <summary>What judged the two close by one run each, with where its share came from, e.g. "one run each and the assumed run-to-run share of 7% (measured on …)".</summary>
    public static string AssumedShare { get; } = string.Create(
        CultureInfo.InvariantCulture, $"one run each and the assumed run-to-run share of {RunToRunNoise.DefaultShare(RunFigure.Eps) * 100:0}% ({RunToRunNoise.Origin})");

    /// <summary>The rounds' verdict on <paramref name="other"/>'s entities/s against <paramref name="favoured"/>'s; null when a run stopped them.</summary>
    /// <param name="favoured">The side that wins unless the other is better beyond noise: the base of the rounds.</param>
    public static async Task<CloseCallVerdict?> DecideAsync(
        CloseCallSide favoured, CloseCallSide other, CloseCallPlan plan, ICellLauncher launcher, TextWriter output, ILogger log, ChildRunSignals signals, DateTimeOffset now)
    {
        var (rounds, table) = (plan.Rounds, plan.Table);
        var directory = Path.Combine(plan.ParentDirectory, Folder);
        // A resumed tune or sweep decides its close call again: the earlier rounds' runs would stand in the way of the new ones.
        if (Directory.Exists(directory))
        {
            Directory.Delete(directory, recursive: true);
        }

        // The rounds name the table themselves (the user's, kept, or a fresh one per run), as compare --rounds does.
        RoundsSide Side(string name, CloseCallSide side)
        {
            var args = table is null ? side.RunArguments : WithoutTable(side.RunArguments);
            return new(name, string.Join(' ', args), args);
        }

        var settings = new RoundsSettings
        {
            Rounds = rounds,
            Base = Side(RoundsOrder.Base, favoured),
            New = Side(RoundsOrder.New, other),
            SharedArguments = [],
            Table = table,
            OutputDirectory = directory,
            Gated = [],
            RunTime = plan.RunTime,
            StartedUtc = now,
            Command = $"{plan.Command} close call ({RoundsOrder.Base} {favoured.Name}, {RoundsOrder.New} {other.Name})",
            Purpose = "the close call",
        };
        var ended = await new RoundsRunner(settings, launcher, output, log).JudgeAsync(signals).ConfigureAwait(false);
        return ended.Comparison?.Figures.FirstOrDefault(f => f.Figure == RunFigure.Eps) is { } eps
            ? new CloseCallVerdict(favoured.Name, other.Name, rounds, directory, eps)
            : null;
    }

    private static List<string> WithoutTable(IReadOnlyList<string> args)
    {
        var kept = new List<string>();
        for (var i = 0; i < args.Count; i++)
        {
            if (args[i] == "--table")
            {
                i++;
            }
            else if (args[i] != "--keep-table")
            {
                kept.Add(args[i]);
            }
        }

        return kept;
    }
}

/// <summary>
/// The rounds' verdict on <see cref="Other"/>'s entities/s against <see cref="Favoured"/>'s: the other wins only when better beyond noise.
/// </summary>
internal sealed record CloseCallVerdict(string Favoured, string Other, int Rounds, string Folder, FigureComparison Eps)
{
    public bool OtherWins => Eps.Verdict == ComparisonVerdict.Better;

    public string Winner => OtherWins ? Other : Favoured;

    /// <summary>E.g. "by 3 interleaved rounds, p1-t4-b100's +1.4% e/s (95% CI −9% to +12%) against p1-t1-b100 is within noise".</summary>
    public string Sentence => $"by {Rounds} interleaved rounds, {Other}'s {FigureFormat.RelativeChange(Eps)} against {Favoured} {Eps.Verdict switch
    {
        ComparisonVerdict.Better => "is better beyond noise",
        ComparisonVerdict.Worse => "is worse beyond noise",
        ComparisonVerdict.NoDifference => "is within noise",
        ComparisonVerdict.CannotDecide => $"cannot be decided ({Eps.Undecided})",
    }}";
}
