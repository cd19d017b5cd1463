using TableLoad.Measurement.Gates;
using TableLoad.Reporting.Compare;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

namespace TableLoad.Cli;

/// <summary>compare's options and sides, judged in one pass: every fault is said at once, one sentence each (exit 2).</summary>
/// <param name="RunNoise">The run-to-run share given by --run-noise; null for each figure's default.</param>
internal sealed record CompareInputs(IReadOnlyCollection<RunFigure> Gated, double? RunNoise, ComparedSide Base, ComparedSide New)
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
        errors.ThrowIfAny();
        return new CompareInputs(gated, noise, before!, after!);
    }

    private static string Judged => string.Join(", ", RunComparison.Compared.Select(f => f.Name()));

    /// <summary>--fail-on's figures, each one compare judges; a name it does not judge is listed in <paramref name="errors"/>.</summary>
    public static List<RunFigure> Figures(string? text, UsageErrors errors)
    {
        var figures = new List<RunFigure>();
        var names = (text ?? "").Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        foreach (var name in names)
        {
            if (errors.Require(RunFigures.TryParse(name, out var figure) && RunComparison.Compared.Contains(figure), $"--fail-on names '{name}', which compare does not judge; it takes {Judged}."))
            {
                figures.Add(figure);
            }
        }

        errors.Require(text is null || names.Length > 0, $"--fail-on names no figure; give a comma-separated list of {Judged}.");
        return figures;
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
