using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>What keeps a side from a verdict, in words that name the side: compare says it rather than guess.</summary>
internal static class SideLacks
{
    /// <summary>The same run on both sides (the same folder given twice, or one run's copy): a run compared with itself shows no noise.</summary>
    public static string? SameRun(ComparedSide baseSide, ComparedSide newSide)
    {
        var shared = baseSide.Runs.FirstOrDefault(b => newSide.Runs.Any(n => SameFolder(b.Path, n.Path) || b.Summary.RunId == n.Summary.RunId));
        return shared is null ? null : $"base and new hold the same run ({shared.Path}), which says nothing about the run-to-run variation";
    }

    /// <summary>Why a run of the side ended before its planned end: an --abort-if condition, Ctrl+C or a failed worker; null when every run ran to its end.</summary>
    public static string? StoppedEarly(ComparedSide side, string name)
    {
        foreach (var run in side.Runs)
        {
            var which = side.Runs.Count == 1 ? name : $"{name}'s run {run.Path}";
            if (run.Summary.StoppedBy is { } stop)
            {
                return $"{which} was stopped early by --abort-if {stop.Condition} at second {stop.AtSecond}, so its figures are those of the seconds before";
            }

            var why = run.Summary.Status switch
            {
                RunStatus.Complete => null,
                RunStatus.Interrupted => $"{which} was interrupted (Ctrl+C) before its end",
                RunStatus.Partial => $"{which} lost a worker process and holds partial results",
            };
            if (why is not null)
            {
                return why;
            }
        }

        return null;
    }

    /// <summary>
    /// A side of one run whose summary holds no interval for a figure that has one when the run measured enough: its
    /// verdict would rest on the assumed run-to-run share alone. Repeats measure their spread and need none.
    /// </summary>
    public static string? OwnInterval(ComparedSide side, string name, RunFigure figure, Func<RunSummary, RunFigure, ConfidenceInterval?> interval)
    {
        if (side.Runs is not [var run] || !RunIntervals.FromOwnSeconds(figure) || interval(run.Summary, figure) is not null)
        {
            return null;
        }

        return $"{name} has no interval of its own ({run.Summary.Confidence?.TooLittleData ?? "its summary.json holds none"})";
    }

    private static bool SameFolder(string a, string b) =>
        string.Equals(Path.GetFullPath(a), Path.GetFullPath(b), OperatingSystem.IsWindows() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal);
}
