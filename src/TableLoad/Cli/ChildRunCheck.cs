using System.Collections;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>A child run's command line checked as its <c>tableload run</c> will check it, so bad input stops the parent before any child runs.</summary>
internal static class ChildRunCheck
{
    /// <param name="runArguments">The child's arguments after <c>run</c>.</param>
    /// <param name="where">Each refusal's sentence as said, naming the child (a cell, a side).</param>
    /// <param name="variables">The TABLELOAD_* variables the child inherits, layered in front of its command line as its run will.</param>
    /// <returns>The child's settings; null when refused (every fault then listed in <paramref name="errors"/>).</returns>
    public static RunSettings? Validate(
        IReadOnlyList<string> runArguments, Func<string, string> where, DateTimeOffset now, UsageErrors errors, IDictionary variables, Func<string, string?> environment)
    {
        var run = new RunOptions();
        var parse = run.CreateCommand().Parse(runArguments);
        if (parse.Errors.Count > 0)
        {
            errors.Require(false, where(parse.Errors[0].Message));
            return null;
        }

        try
        {
            // A child's run reads its --config profile (its scenarios too) and the TABLELOAD_* variables it inherits; so does its check.
            return ScenarioProfile.Names(parse.GetValue(run.Config), run) is { Count: > 0 } scenarios
                ? ScenarioSettingsFactory.Create(parse, run, scenarios, now, variables, environment).Settings
                : RunSettingsFactory.Create(RunProfile.Apply(parse, run, variables), run, now, environment);
        }
        catch (UsageException ex)
        {
            foreach (var sentence in ex.Message.Split(Environment.NewLine))
            {
                errors.Require(false, where(sentence));
            }

            return null;
        }
    }
}
