using System.Collections;
using System.CommandLine;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

namespace TableLoad.Cli;

/// <summary>
/// A run of several scenarios (<see cref="ScenarioProfile"/>): each scenario's options are read and judged as a run's are, by
/// <see cref="RunSettingsFactory"/> over the shared layers with the scenario's own options in the profile's place; the run's
/// settings are the first's, which every run-wide option shares, holding every scenario's load.
/// </summary>
internal static class ScenarioSettingsFactory
{
    /// <summary>The run's settings, and the parse of its first scenario, which carries the run-wide options (--report, --verbosity).</summary>
    /// <exception cref="UsageException">Every fault at once: a scenario's named by it, a run-wide one once.</exception>
    public static (RunSettings Settings, ParseResult Parse) Create(
        ParseResult commandLine, RunOptions options, IReadOnlyList<string> names, DateTimeOffset now, IDictionary environment, Func<string, string?> variable)
    {
        var sentences = new List<string>();
        void Say(string sentence)
        {
            if (!sentences.Contains(sentence, StringComparer.Ordinal))
            {
                sentences.Add(sentence);
            }
        }

        // Said alone: every scenario would also refuse the shared operation beside its own.
        if (SharedFaults(commandLine, options, environment).ToList() is { Count: > 0 } shared)
        {
            throw new UsageException(string.Join(Environment.NewLine, shared));
        }

        var scenarioOptions = ScenarioProfile.OptionsOf(options);
        var scenarios = new List<Scenario>();
        (RunSettings Settings, ParseResult Parse)? first = null;
        foreach (var name in names)
        {
            try
            {
                var layered = RunProfile.LayersOf(options, name).Layer(commandLine, environment);
                var settings = layered.Judged(p => RunSettingsFactory.Create(p, options, now, variable, scenario: name));
                first ??= (settings, layered.Parse);
                scenarios.Add(settings.Scenarios.Items[0]);
            }
            catch (UsageException refusal)
            {
                // A fault of a scenario's own options is its own; a run-wide one is the same in every scenario and said once.
                foreach (var sentence in refusal.Message.Split(Environment.NewLine))
                {
                    Say(scenarioOptions.Any(o => Mentions(sentence, o)) ? $"Scenario '{name}': {sentence}" : sentence);
                }
            }
        }

        if (sentences.Count > 0 || first is not { } run)
        {
            throw new UsageException(string.Join(Environment.NewLine, sentences));
        }

        // The scenarios run on one timeline: a scenario's stages last the run's measured time, which the others hold their load for.
        var measured = MeasuredTime(scenarios, run.Settings.Duration, commandLine, options, environment);
        foreach (var (staged, lasts) in scenarios.Select(s => (Scenario: s, Lasts: s.Load.Model.MeasuredTime(measured))).Where(s => s.Lasts != measured))
        {
            sentences.Add($"Scenario '{staged.Name}': its stages last {DurationParser.Format(lasts)}, but the run measures {DurationParser.Format(measured)} (--duration, or another scenario's stages): every scenario lasts the run's measured time.");
        }

        if (sentences.Count > 0)
        {
            throw new UsageException(string.Join(Environment.NewLine, sentences));
        }

        var settingsOfRun = run.Settings with
        {
            // The run's own load is their sum (RunSettings.Load): its tasks, and its rate when every scenario has one.
            Scenarios = new ScenarioList(scenarios),
            // The run holds the one measured time they all last.
            Duration = measured,
        };
        var errors = new UsageErrors();
        var scopes = new GateScopes(settingsOfRun.Slices, GateScopes.ScenarioKind);
        GateOptions.CheckScopes(errors, options.FailIf, settingsOfRun.Gates.FailIf.Select(t => (t.Scope, t.Text)), scopes, "the run's");
        GateOptions.CheckScopes(errors, options.AbortIf, settingsOfRun.Gates.AbortIf.Select(c => (c.Scope, c.Text)), scopes, "the run's");
        foreach (var condition in settingsOfRun.Gates.AbortIf.Where(c => c.Bound is AbortBound.TimesTarget))
        {
            errors.Require(options.AbortIf, false, $"--abort-if '{condition.Text}' compares with the target, which a run of scenarios does not have as one: compare eps with a number, scoped by a scenario if need be.");
        }

        if (PreloadBound.Refusal(settingsOfRun) is { } tooLarge)
        {
            errors.Require(options.MaxPreload.Option, false, tooLarge);
        }

        errors.ThrowIfAny();
        return (settingsOfRun, run.Parse);
    }

    /// <summary>What a scenario sends is its own: an operation, mix or preset shared by all would be overridden by some and not others; --stages would not say whose load it shapes.</summary>
    private static IEnumerable<string> SharedFaults(ParseResult commandLine, RunOptions options, IDictionary environment)
    {
        LayeredParse shared;
        try
        {
            shared = RunProfile.LayersOf(options).Layer(commandLine, environment);
        }
        catch (UsageException)
        {
            // Every scenario's layers refuse it too, and say so.
            yield break;
        }

        foreach (var option in ScenarioProfile.OwnOptions(options).Where(shared.Parse.IsGiven))
        {
            yield return $"{option.Name}{From(shared, option)} names what a scenario sends: give it inside each scenario of --config, not beside them.";
        }

        if (shared.Parse.IsGiven(options.Stages))
        {
            yield return $"--stages{From(shared, options.Stages)} is a scenario's own: give stages inside the scenario whose load they shape, not beside the scenarios.";
        }
    }

    /// <summary>The run's measured time: the --duration shared by the scenarios without stages, or, when every scenario has its own, the first's stages'.</summary>
    private static TimeSpan MeasuredTime(List<Scenario> scenarios, TimeSpan first, ParseResult commandLine, RunOptions options, IDictionary environment)
    {
        if (scenarios.All(s => s.Load.Model.Staged))
        {
            return scenarios[0].Load.Model.MeasuredTime(first);
        }

        var shared = RunProfile.LayersOf(options).Layer(commandLine, environment).Parse;
        return DurationParser.TryParse(shared.GetValue(options.Duration.Option), out var duration) ? duration : first;
    }

    private static string From(LayeredParse shared, Option option) =>
        shared.SourceOf.TryGetValue(option.Name, out var source) ? $" (from {source})" : "";

    private static bool Mentions(string sentence, Option option) =>
        sentence.Contains(option.Name + " ", StringComparison.Ordinal) || sentence.Contains(option.Name + "'", StringComparison.Ordinal)
        || sentence.Contains(option.Name + ")", StringComparison.Ordinal) || sentence.Contains(option.Name + ".", StringComparison.Ordinal)
        || sentence.Contains(option.Name + ",", StringComparison.Ordinal) || sentence.Contains(" " + OptionLayers.Key(option) + " ", StringComparison.Ordinal);
}
