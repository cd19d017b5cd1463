using System.CommandLine;
using System.Globalization;
using TableLoad.Settings;
using TableLoad.Settings.Gates;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary>Reads the gates where an option takes them: <c>--fail-if</c> (run, sweep, report) and <c>--abort-if</c> (run), each bad condition one sentence.</summary>
internal static class GateOptions
{
    public const string JunitWithoutGate = "--junit writes the verdicts of --fail-if's thresholds and --abort-if's conditions; give one of them too.";

    /// <summary>The thresholds of <paramref name="expression"/>, parsed once; none when it is null or refused (its faults then listed in <paramref name="errors"/>).</summary>
    public static IReadOnlyList<Threshold> ReadFailIf(UsageErrors errors, Option option, string? expression)
    {
        if (expression is null)
        {
            return [];
        }

        var faults = new List<string>();
        var thresholds = ThresholdParser.Parse([expression], option.Name, faults);
        return Refuse(errors, option, faults) ? thresholds : [];
    }

    /// <summary>The <c>--abort-if</c> conditions, parsed once; none when none was given or one was refused.</summary>
    /// <param name="model">The accepted load model, whose target a bound on it needs; null when it was refused.</param>
    /// <param name="duration">The accepted measured time (--duration, or the sum of --stages), which no window may be longer than; null when it was refused.</param>
    public static IReadOnlyList<AbortCondition> ReadAbortIf(ParseResult parse, RunOptions options, UsageErrors errors, LoadModel? model, TimeSpan? duration)
    {
        if (parse.GetValue(options.AbortIf) is not { Length: > 0 } expressions)
        {
            return [];
        }

        var faults = new List<string>();
        var conditions = AbortConditionParser.Parse(expressions, options.AbortIf.Name, faults);
        foreach (var condition in conditions)
        {
            if (condition.Bound is AbortBound.TimesTarget && model is { HasRateTarget: false })
            {
                faults.Add($"--abort-if '{condition.Text}' compares with the target, which only the open model has: give --rate too.");
            }

            if (duration is { } measured && condition.WindowSeconds > measured.TotalSeconds)
            {
                faults.Add(string.Create(CultureInfo.InvariantCulture,
                    $"--abort-if '{condition.Text}' has a window longer than the run's measured time ({measured.TotalSeconds:0.###}s), so it could never be judged."));
            }
        }

        return Refuse(errors, options.AbortIf, faults) ? conditions : [];
    }

    /// <summary>
    /// Refuses each condition scoped by a name that is no operation the run sends (its --operation, or each of its --mix or
    /// --workload), once those were accepted: a refused one says its own fault, and the scopes cannot be judged against it.
    /// </summary>
    public static void CheckRunScopes(ParseResult parse, RunOptions options, UsageErrors errors, OperationChoice operation, GateSettings gates)
    {
        // A --mix refused leaves the default operation in its place, whose scopes would not be the run's.
        if (!errors.Accepted(options.Operation, options.Mix, options.Workload) || (parse.IsGiven(options.Mix) && operation.Operations.Match(static _ => true, static _ => false)))
        {
            return;
        }

        var scopes = GateScopes.Operations(operation.Sent.Select(o => o.ToName()));
        CheckScopes(errors, options.FailIf, gates.FailIf.Select(t => (t.Scope, t.Text)), scopes, "the run's");
        CheckScopes(errors, options.AbortIf, gates.AbortIf.Select(c => (c.Scope, c.Text)), scopes, "the run's");
    }

    /// <summary>Refuses each condition whose scope is none of <paramref name="scopes"/>, naming those there are.</summary>
    /// <param name="whose">Whose the scopes are, as the sentence names them: "the run's", "the folders'".</param>
    public static void CheckScopes(UsageErrors errors, Option option, IEnumerable<(string? Scope, string Text)> conditions, GateScopes scopes, string whose)
    {
        foreach (var (scope, text) in conditions)
        {
            errors.Require(option, scope is null || scopes.Contains(scope), OutOfScope(option.Name, text, scope!, scopes, whose));
        }
    }

    /// <summary>The sentence that refuses a condition (or compare's gated figure) scoped by a name none of <paramref name="scopes"/>.</summary>
    public static string OutOfScope(string optionName, string text, string scope, GateScopes scopes, string whose) =>
        $"{optionName} '{text}' is scoped by '{scope}', which is none of {whose} {scopes.Kind}s ({string.Join(", ", scopes.Names)}); scope it by one of them, or drop '{scope}.' to judge the whole run.";

    private static bool Refuse(UsageErrors errors, Option option, List<string> faults)
    {
        foreach (var fault in faults)
        {
            errors.Require(option, false, fault);
        }

        return faults.Count == 0;
    }
}
