using TableLoad.Measurement.Gates;
using TableLoad.Reporting.Compare;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

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
            ScopesOfEither(gated, before, after, errors);
        }

        errors.ThrowIfAny();
        return new CompareInputs(gated, noise, before!, after!);
    }

    private static string Judged => string.Join(", ", RunComparison.Compared.Select(f => f.Name()));

    private static string JudgedPerSlice => string.Join(", ", SliceComparison.Compared.Select(f => f.Name()));

    /// <summary>
    /// --fail-on's figures, each one compare judges: the run's (<c>p99</c>), or a part's, scoped by its name before a dot as a run's gates
    /// are (<see cref="ThresholdParser.TryParseScoped"/>): an operation's (<c>read.p99</c>), a scenario's (<c>lookups.p99</c>) or a
    /// scenario's operation's (<c>lookups.read.p99</c>). A name it does not judge is listed in <paramref name="errors"/>.
    /// </summary>
    public static List<GatedFigure> Figures(string? text, UsageErrors errors)
    {
        var figures = new List<GatedFigure>();
        var names = (text ?? "").Split(',', StringSplitOptions.TrimEntries);
        // An empty item is a slip (eps,,p99), not a figure to leave out unsaid: a gate then judges what the user meant.
        var blank = names.Contains("");
        errors.Require(!blank || names.All(n => n.Length == 0), $"{FailOn} '{text}' has an empty item; give a comma-separated list of {Judged}.");
        names = names.Where(n => n.Length > 0).ToArray();
        foreach (var name in names)
        {
            if (!ThresholdParser.TryParseScoped(name, "", "read.p99", out var scope, out var figure, out var fault))
            {
                errors.Require(false, $"{FailOn} '{name}' {fault}");
            }
            else if (errors.Require((scope is null ? RunComparison.Compared : SliceComparison.Compared).Contains(figure), scope is null
                ? $"{FailOn} '{name}' names a figure compare does not judge; it takes {Judged}, or a scenario's or operation's {JudgedPerSlice} as SCOPE.FIGURE (read.p99, lookups.p99)."
                : $"{FailOn} '{name}' names a figure compare does not judge for a scenario or operation; it takes {JudgedPerSlice}."))
            {
                figures.Add(new GatedFigure(figure, scope));
            }
        }

        errors.Require(text is null || names.Length > 0, $"{FailOn} names no figure; give a comma-separated list of {Judged}.");
        return figures;
    }

    private const string FailOn = "--fail-on";

    /// <summary>
    /// A scoped figure is gated only where a side has its part of the run: a name neither has is a mistake, not a pass, refused as
    /// a run's gate scoped by a name the run does not have.
    /// </summary>
    private static void ScopesOfEither(List<GatedFigure> gated, ComparedSide before, ComparedSide after, UsageErrors errors)
    {
        var (baseNames, baseScenarios) = SliceSide.Scopes(before);
        var (newNames, newScenarios) = SliceSide.Scopes(after);
        var names = baseNames.Union(newNames, StringComparer.Ordinal).ToList();
        var scopes = baseScenarios || newScenarios ? new GateScopes(names, GateScopes.ScenarioKind) : GateScopes.Operations(names);
        foreach (var figure in gated.Where(g => g.Scope is { } scope && !scopes.Contains(scope)))
        {
            errors.Require(false, GateOptions.OutOfScope(FailOn, figure.Name, figure.Scope!, scopes, "the runs'"));
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
