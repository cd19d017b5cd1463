using TableLoad.Measurement.Gates;
using TableLoad.Reporting.Compare;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary>compare's options and sides, judged in one pass: every fault is said at once, one sentence each (exit 2).</summary>
/// <param name="RunNoise">The run-to-run share given by --run-noise; null for each figure's default.</param>
internal sealed record CompareInputs(IReadOnlyCollection<GatedFigure> Gated, double? RunNoise, ComparedSide Base, ComparedSide New)
{
    /// <exception cref="UsageException">Every fault of the options and sides, one line each.</exception>
    /// <param name="roundsOnly">The options given that belong to a comparison by rounds (run options, --output), refused without --rounds.</param>
    public static CompareInputs Read(string? failOn, string? runNoise, string? basePath, string? newPath, IReadOnlyList<string> roundsOnly)
    {
        var errors = new UsageErrors();
        var gated = Figures(failOn, errors);
        var noise = Share(runNoise, errors);
        foreach (var option in roundsOnly)
        {
            errors.Require(false, $"{option} is an option of compare --rounds, which makes its runs; two run folders are compared as they are.");
        }

        errors.Require(basePath is not null && newPath is not null, "compare needs two run folders (BASE NEW), or --rounds N with --base and --new to make the runs.");
        var before = basePath is null ? null : Side(basePath, errors);
        var after = newPath is null ? null : Side(newPath, errors);
        if (before is not null && after is not null)
        {
            SentOperations(gated, before, after, errors);
        }

        errors.ThrowIfAny();
        return new CompareInputs(gated, noise, before!, after!);
    }

    private static string Judged => string.Join(", ", RunComparison.Compared.Select(f => f.Name()));

    private static string JudgedPerOperation => string.Join(", ", OperationComparison.Compared.Select(f => f.Name()));

    /// <summary>
    /// --fail-on's figures, each one compare judges: the run's (<c>p99</c>), or an operation's, its name before a dot (<c>read.p99</c>);
    /// a name it does not judge is listed in <paramref name="errors"/>.
    /// </summary>
    public static List<GatedFigure> Figures(string? text, UsageErrors errors)
    {
        var figures = new List<GatedFigure>();
        var names = (text ?? "").Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        foreach (var name in names)
        {
            if (Scoped(name, errors) is { } scoped)
            {
                figures.Add(scoped);
            }
            else if (!name.Contains('.', StringComparison.Ordinal)
                && errors.Require(RunFigures.TryParse(name, out var figure) && RunComparison.Compared.Contains(figure), $"--fail-on names '{name}', which compare does not judge; it takes {Judged}, or an operation's {JudgedPerOperation} as OPERATION.FIGURE (read.p99)."))
            {
                figures.Add(new GatedFigure(figure));
            }
        }

        errors.Require(text is null || names.Length > 0, $"--fail-on names no figure; give a comma-separated list of {Judged}.");
        return figures;
    }

    /// <summary>An operation's figure (<c>read.p99</c>); null, with any fault in <paramref name="errors"/>, for a name without a dot or one compare does not judge.</summary>
    private static GatedFigure? Scoped(string name, UsageErrors errors)
    {
        var dot = name.IndexOf('.', StringComparison.Ordinal);
        if (dot < 0)
        {
            return null;
        }

        var operation = name[..dot];
        var known = errors.Require(TableOperationNames.TryParse(operation, out var parsed), operation.Length == 0
            ? $"--fail-on names '{name}', with no operation before its dot; write OPERATION.FIGURE (read.p99), or the figure alone for the run's."
            : $"--fail-on names '{name}', but '{operation}' is no operation; an operation's figure is OPERATION.FIGURE, OPERATION one of {TableOperationNames.AllNames}.");
        var judged = RunFigures.TryParse(name[(dot + 1)..], out var figure) && OperationComparison.Compared.Contains(figure);
        known &= errors.Require(judged, $"--fail-on names '{name}', whose figure compare does not judge for an operation; it takes {JudgedPerOperation}.");
        return known ? new GatedFigure(figure, parsed.ToName()) : null;
    }

    /// <summary>An operation's figure is gated only where a side sent the operation: a name neither sent is a mistake, not a pass.</summary>
    private static void SentOperations(List<GatedFigure> gated, ComparedSide before, ComparedSide after, UsageErrors errors)
    {
        var sent = OperationSide.Names(before).Union(OperationSide.Names(after), StringComparer.Ordinal).ToList();
        foreach (var figure in gated.Where(g => g.Operation is not null && !sent.Contains(g.Operation, StringComparer.Ordinal)))
        {
            errors.Require(false, $"--fail-on names '{figure.Name}', but neither run sent {figure.Operation}; they sent {string.Join(", ", sent)}.");
        }
    }

    private static double? Share(string? text, UsageErrors errors)
    {
        if (text is null)
        {
            return null;
        }

        var valid = Percentage.TryParse(text, signOptional: false, out var percent);
        return errors.Require(valid, $"--run-noise '{text}' is not a share from 0% to 100% (for example 10%).") ? percent / 100 : null;
    }

    private static ComparedSide? Side(string path, UsageErrors errors)
    {
        try
        {
            return ComparedSide.Read(path);
        }
        catch (FormatException unreadable)
        {
            errors.Require(false, unreadable.Message);
            return null;
        }
    }
}
