using System.CommandLine;
using TableLoad.ChildRuns;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting.Compare;
using TableLoad.Rounds;

namespace TableLoad.Cli;

/// <summary>
/// <c>tableload compare BASE NEW</c>: each figure's change with its interval and a verdict; <c>--fail-on</c> makes it a regression gate.
/// <c>tableload compare --rounds N --base "…" --new "…"</c> makes the runs itself, in interleaved rounds, and judges their paired differences.
/// </summary>
internal static class CompareCommand
{
    public static Command Create()
    {
        var baseSide = new Argument<string?>("base") { Description = "The run folder (or a sweep folder's cell without its -rN, for all its repeats) to compare against. Not with --rounds.", Arity = ArgumentArity.ZeroOrOne };
        var newSide = new Argument<string?>("new") { Description = "The run folder (or sweep cell with its repeats) to judge. Not with --rounds.", Arity = ArgumentArity.ZeroOrOne };
        var failOn = new Option<string?>("--fail-on")
        {
            Description = $"Exit 99 when any of these figures is worse beyond noise: a comma-separated list of {string.Join(", ", RunComparison.Compared.Select(f => f.Name()))}, or a part's {string.Join(", ", SliceComparison.Compared.Select(f => f.Name()))} as SCOPE.FIGURE, scoped as --fail-if is: an operation's (read.p99), a scenario's (lookups.p99) or a scenario's operation's (lookups.read.p99); refused when neither side has the part, not decided when one side lacks it. A figure that cannot be decided (the same run on both sides, a side stopped early, a run too short for its own interval) does not fail the gate; the gate's line names it. A figure of the service's (service.*) that a side did not read (no --service-metrics, or unavailable) fails it, as a run's --fail-if on it. Default: none (compare only reports).",
        };
        var runNoise = new Option<string?>("--run-noise")
        {
            Description = "The run-to-run variation of one run, as a share of each figure (for example 10%); it wins over the repeats' own and each line names it as yours. Not with --rounds, whose paired differences measure it. Default: measured over the repeats when either side has them (the standard deviation of the figure's log, pooled over both sides when both have them), else each figure's share measured on 12 tasks x 100, sdk, against Azurite (docs/analysis.md), assumed; each line says which, and where an assumed share leaves a figure within noise, how many runs a side would decide it.",
        };
        var json = new Option<bool>("--json") { Description = "Print the comparison as JSON (the figures, their changes, intervals and verdicts with the reason for any that cannot be decided, the knobs that differ) instead of lines. Default: lines." };
        var rounds = new CompareRoundsOptions();
        var command = new Command("compare", "Compare two runs (or two sweep cells' repeats): each figure's change (a ratio for entities/s, latency and CPU, its 95% interval from the ratio's log; points for a share), and whether it is better, worse or no different beyond noise, or cannot be decided and why. " +
            "A --mix on either side gets each operation's figures under the run's, judged alike (read.p99 ...), and an operation only one side sent is named; runs of one and the same --operation say that its figures are the run's. " +
            "Runs of a profile's scenarios get each scenario's figures too (lookups.p99 ...), and each of its operations' when it has more than one (lookups.read.p99 ...); a scenario only one side ran is named. " +
            "With --rounds N --base \"RUN OPTIONS\" --new \"RUN OPTIONS\" (and run options shared by both), compare makes the runs itself, the two configurations alternately in ABBA order into one folder, and judges each figure by the rounds' paired differences. " +
            "Exit codes: 0 done, 2 bad input (a folder without a run's results, refused run options), 3 target unreachable (--rounds), 5 a run failed (--rounds), 99 a --fail-on figure worse beyond noise, 130 interrupted (--rounds).")
        {
            baseSide, newSide, failOn, runNoise, json,
        };
        foreach (var option in rounds.All)
        {
            command.Add(option);
        }

        var host = new ChildRunsHost<RoundsSettings>
        {
            Child = "run",
            Stopping = "Stopping the comparison: the running run stops and writes its results, and no verdict is given (Ctrl+C again to stop it at once).",
            Settings = parse => CompareRoundsFactory.Create(
                parse, rounds, [.. new[] { parse.GetValue(baseSide), parse.GetValue(newSide) }.OfType<string>()], parse.GetValue(failOn), parse.IsGiven(runNoise), parse.GetValue(json),
                DateTimeOffset.UtcNow, Environment.GetEnvironmentVariable, Environment.GetEnvironmentVariables()),
            Secrets = settings => new CellSecrets(settings.ConnectionString, settings.Sas),
            Work = (settings, launcher, log, _, signals) => new RoundsRunner(settings, launcher, Console.Out, log).RunAsync(signals),
            ReportFolder = (_, _) => null,
        };

        command.SetAction(async parse =>
        {
            if (new Option[] { rounds.Rounds.Option, rounds.Base, rounds.New }.Any(parse.IsGiven))
            {
                return await host.InvokeAsync(parse).ConfigureAwait(false);
            }

            if (await Refusal.SettingsOrSayWhyAsync(() => CompareInputs.Read(
                parse.GetValue(failOn), parse.GetValue(runNoise), parse.GetValue(baseSide), parse.GetValue(newSide), [.. rounds.OfRoundsAlone.Where(parse.IsGiven).Select(o => o.Name)])) is not var (gated, noise, before, after))
            {
                return ExitCodes.BadInput;
            }

            var comparison = RunComparison.Of(before, after, RunConfidence.DefaultLevel, RunIntervals.Of, noise);
            if (parse.GetValue(json))
            {
                await Console.Out.WriteLineAsync(ComparisonJson.Render(comparison, gated)).ConfigureAwait(false);
            }
            else
            {
                foreach (var line in ComparisonLines.Of(comparison))
                {
                    await Console.Out.WriteLineAsync(line).ConfigureAwait(false);
                }

                if (gated.Count > 0)
                {
                    await Console.Out.WriteLineAsync(ComparisonLines.GateLine(comparison, gated)).ConfigureAwait(false);
                }
            }

            return comparison.GateFails(gated) ? ExitCodes.GateFailed : ExitCodes.Success;
        });
        return command;
    }
}
