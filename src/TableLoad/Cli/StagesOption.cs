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
    /// <param name="entitiesPerRequest">The load's entities per request, which converts a rate in requests per second; null when an option it needs was refused.</param>
    /// <param name="tasks">--tasks, where a closed plan's first stage starts.</param>
    public static LoadModel? ModelIn(ParseResult parse, RunOptions options, UsageErrors errors, RateTarget? rate, double? entitiesPerRequest, int tasks)
    {
        // Converted once, here: the engine paces by entities per second whatever unit the user gave.
        var scale = entitiesPerRequest is { } perRequest && rate is { } given ? new Scale(given, perRequest) : null;
        var start = scale is null ? null : options.Rate.EntitiesPerSecondIn(scale.Given, scale.EntitiesPerRequest, errors);
        if (rate is not null && start is null)
        {
            return null;
        }

        var text = parse.GetValue(options.Stages);
        if (text is null)
        {
            return start is { } open ? new LoadModel.Open(open, tasks) { Unit = scale!.Given.Unit } : new LoadModel.Closed(tasks);
        }

        var stages = new List<Stage>();
        var accepted = true;
        foreach (var (part, number) in text.Split(',').Select((p, i) => (p.Trim(), i + 1)))
        {
            accepted &= Read(errors, options, part, number, scale, stages);
        }

        errors.Require(options.Stages, parse.GetResult(options.Duration.Option) is null or { Implicit: true },
            "Give --duration or --stages, not both: a stage plan's measured time is the sum of its stages.");
        var plan = accepted ? new StagePlan(start ?? tasks, stages) : null;
        if (plan is null || !errors.Require(options.Stages, options.Duration.Accepts(plan.TotalDuration()),
            $"--stages lasts {DurationParser.Format(plan.TotalDuration())} in all; the measured time must be {options.Duration.Range}."))
        {
            return null;
        }

        // A closed plan's targets are tasks per process, from --tasks; an open plan's are the fleet's entities per second, from --rate.
        return scale is null ? new LoadModel.ClosedStages(plan) : new LoadModel.OpenStages(plan, tasks) { Unit = scale.Given.Unit };
    }

    /// <summary>--rate as given and the load's entities per request, which turn an open plan's targets into entities per second.</summary>
    private sealed record Scale(RateTarget Given, double EntitiesPerRequest);

    private static bool Read(UsageErrors errors, RunOptions options, string part, int number, Scale? scale, List<Stage> stages)
    {
        var option = options.Stages;
        var maxTasks = options.Tasks.Max;
        // The duration may itself hold colons (hh:mm:ss), so the target is what follows the last one.
        var colon = part.LastIndexOf(':');
        var (duration, given, targetText) = (TimeSpan.Zero, default(RateTarget), colon > 0 ? part[(colon + 1)..].Trim() : "");
        var well = colon > 0 && DurationParser.TryParse(part[..colon], out duration) && RateTarget.TryParse(targetText, out given);
        if (!errors.Require(option, well,
            $"--stages' stage {number} '{part}' is not DURATION:TARGET; write the stages as {Example} (durations such as {BoundedDuration.Forms})."))
        {
            return false;
        }

        // A bare target is in --rate's unit; one with a unit of its own must say --rate's.
        var unitGiven = !char.IsAsciiDigit(targetText[^1]);
        var ok = errors.Require(option, duration > TimeSpan.Zero, $"--stages' stage {number} '{part}' lasts no time; every stage lasts longer than 0s.")
            & errors.Require(option, given.Value >= 0, $"--stages' stage {number} '{part}' has a negative target; a target is at least 0.");
        var target = given.Value;
        if (scale is null)
        {
            ok &= errors.Require(option, !unitGiven,
                    $"--stages' stage {number} '{part}' asks for a rate; without --rate a target is a whole number of tasks per process: give --rate to plan a rate.")
                && (target < 0 || errors.Require(option, target == Math.Floor(target) && target <= maxTasks,
                    $"--stages' stage {number} '{part}' asks for {target.ToString(CultureInfo.InvariantCulture)} tasks per process; without --rate a target is a whole number of tasks from 0 to {maxTasks}, as --tasks is."));
        }
        else
        {
            var inUnit = unitGiven ? given : given with { Unit = scale.Given.Unit };
            ok &= errors.Require(option, inUnit.Unit == scale.Given.Unit,
                $"--stages' stage {number} '{part}' is in {inUnit.UnitName}, but --rate {scale.Given.Text()} is in {scale.Given.UnitName}: a plan's targets are in --rate's unit.");
            target = inUnit.EntitiesPerSecond(scale.EntitiesPerRequest);
            ok &= errors.Require(option, target <= options.Rate.Max,
                $"--stages' stage {number} '{part}' asks for more than {options.Rate.Max.ToString(CultureInfo.InvariantCulture)} entities per second, as --rate may not.");
        }

        stages.Add(new Stage(duration, target));
        return ok;
    }
}
