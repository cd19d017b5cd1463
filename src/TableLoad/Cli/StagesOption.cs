using System.CommandLine;
using System.Globalization;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// Reads <c>--stages</c> for <see cref="RunSettingsFactory"/>'s one pass: each stage, then the plan against --rate, --tasks and
/// --duration; and with them the run's <see cref="LoadModel"/>, the one place the models are told apart by what was given.
/// </summary>
internal static class StagesOption
{
    public const string Example = "30s:500,1m:2000,30s:0";

    /// <summary>The load model, or null when an option it needs was refused (the faults then listed in <paramref name="errors"/>).</summary>
    /// <param name="rate">--rate, the open model's, where an open plan's first stage starts; null when not given, for the closed model.</param>
    /// <param name="tasks">--tasks, where a closed plan's first stage starts.</param>
    public static LoadModel? ModelIn(ParseResult parse, RunOptions options, UsageErrors errors, double? rate, int tasks)
    {
        var text = parse.GetValue(options.Stages);
        if (text is null)
        {
            return rate is { } open ? new LoadModel.Open(open, tasks) : new LoadModel.Closed(tasks);
        }

        var stages = new List<Stage>();
        var accepted = true;
        foreach (var (part, number) in text.Split(',').Select((p, i) => (p.Trim(), i + 1)))
        {
            accepted &= Read(errors, options, part, number, rate is null, stages);
        }

        errors.Require(options.Stages, parse.GetResult(options.Duration.Option) is null or { Implicit: true },
            "Give --duration or --stages, not both: a stage plan's measured time is the sum of its stages.");
        var plan = accepted ? new StagePlan(rate ?? tasks, stages) : null;
        if (plan is null || !errors.Require(options.Stages, options.Duration.Accepts(plan.TotalDuration()),
            $"--stages lasts {DurationParser.Format(plan.TotalDuration())} in all; the measured time must be {options.Duration.Range}."))
        {
            return null;
        }

        // A closed plan's targets are tasks per process, from --tasks; an open plan's are the fleet's entities per second, from --rate.
        return rate is null ? new LoadModel.ClosedStages(plan) : new LoadModel.OpenStages(plan, tasks);
    }

    private static bool Read(UsageErrors errors, RunOptions options, string part, int number, bool closed, List<Stage> stages)
    {
        var option = options.Stages;
        var (maxTasks, maxRate) = (options.Tasks.Max, options.Rate.Max);
        // The duration may itself hold colons (hh:mm:ss), so the target is what follows the last one.
        var colon = part.LastIndexOf(':');
        var (duration, target) = (TimeSpan.Zero, 0.0);
        var well = colon > 0
            && DurationParser.TryParse(part[..colon], out duration)
            && double.TryParse(part[(colon + 1)..], NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out target);
        if (!errors.Require(option, well && double.IsFinite(target),
            $"--stages' stage {number} '{part}' is not DURATION:TARGET; write the stages as {Example} (durations such as {BoundedDuration.Forms})."))
        {
            return false;
        }

        var ok = errors.Require(option, duration > TimeSpan.Zero, $"--stages' stage {number} '{part}' lasts no time; every stage lasts longer than 0s.")
            & errors.Require(option, target >= 0, $"--stages' stage {number} '{part}' has a negative target; a target is at least 0.");
        if (closed && target >= 0)
        {
            ok &= errors.Require(option, target == Math.Floor(target) && target <= maxTasks,
                $"--stages' stage {number} '{part}' asks for {target.ToString(CultureInfo.InvariantCulture)} tasks per process; without --rate a target is a whole number of tasks from 0 to {maxTasks}, as --tasks is.");
        }
        else if (!closed)
        {
            ok &= errors.Require(option, target <= maxRate, $"--stages' stage {number} '{part}' asks for more than {maxRate.ToString(CultureInfo.InvariantCulture)} entities per second, as --rate may not.");
        }

        stages.Add(new Stage(duration, target));
        return ok;
    }
}
