using System.CommandLine;
using System.Text.Json;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting.Compare;
using TableLoad.Settings.Gates;

namespace TableLoad.Cli;

/// <summary><c>tableload compare BASE NEW</c>: each figure's change with its interval and a verdict; <c>--fail-on</c> makes it a regression gate.</summary>
internal static class CompareCommand
{
    public static Command Create()
    {
        var baseSide = new Argument<string>("base") { Description = "The run folder (or a sweep folder's cell without its -rN, for all its repeats) to compare against." };
        var newSide = new Argument<string>("new") { Description = "The run folder (or sweep cell with its repeats) to judge." };
        var failOn = new Option<string?>("--fail-on")
        {
            Description = $"Exit 99 when any of these figures is worse beyond noise: a comma-separated list of {string.Join(", ", RunComparison.Compared.Select(f => f.Name()))}. Default: none (compare only reports).",
        };
        var runNoise = new Option<string?>("--run-noise")
        {
            Description = "The run-to-run variation assumed for a side of one run, as a share of each figure (for example 10%). Default: per figure, as measured on Azurite (docs/analysis.md). Repeats measure their own.",
        };
        var json = new Option<bool>("--json") { Description = "Print the comparison as JSON (the figures, their intervals and verdicts, the knobs that differ) instead of lines. Default: lines." };
        var command = new Command("compare", "Compare two runs (or two sweep cells' repeats): each figure's change, its 95% interval, and whether it is better, worse or no different beyond noise. " +
            "Exit codes: 0 done, 2 bad input (a folder without a run's results), 99 a --fail-on figure worse beyond noise.")
        {
            baseSide, newSide, failOn, runNoise, json,
        };

        command.SetAction(async parse =>
        {
            var faults = new List<string>();
            var gated = ParseFigures(parse.GetValue(failOn), faults);
            var noise = ParseShare(parse.GetValue(runNoise), faults);
            ComparedSide? before = null, after = null;
            foreach (var (path, set) in new (string, Action<ComparedSide>)[] { (parse.GetValue(baseSide)!, s => before = s), (parse.GetValue(newSide)!, s => after = s) })
            {
                try
                {
                    set(ComparedSide.Read(path));
                }
                catch (FormatException ex)
                {
                    faults.Add(ex.Message);
                }
            }

            if (faults.Count > 0)
            {
                foreach (var fault in faults)
                {
                    await Console.Error.WriteLineAsync(fault).ConfigureAwait(false);
                }

                return ExitCodes.BadInput;
            }

            var comparison = RunComparison.Of(before!, after!, RunConfidence.DefaultLevel, RunIntervals.Of, figure => noise ?? RunToRunNoise.DefaultShare(figure));
            var worse = comparison.WorseAmong(gated);
            if (parse.GetValue(json))
            {
                await Console.Out.WriteLineAsync(ComparisonJson.Of(comparison, gated).ToJsonString(new JsonSerializerOptions { WriteIndented = true })).ConfigureAwait(false);
            }
            else
            {
                foreach (var line in ComparisonLines.Of(comparison))
                {
                    await Console.Out.WriteLineAsync(line).ConfigureAwait(false);
                }

                if (gated.Count > 0)
                {
                    await Console.Out.WriteLineAsync(GateLine(gated, worse)).ConfigureAwait(false);
                }
            }

            return worse.Count > 0 ? ExitCodes.GateFailed : ExitCodes.Success;
        });
        return command;
    }

    private static string GateLine(IReadOnlyCollection<RunFigure> gated, IReadOnlyList<FigureComparison> worse) => worse.Count == 0
        ? $"gate --fail-on {string.Join(",", gated.Select(f => f.Name()))}: passed (none worse beyond noise)"
        : $"gate --fail-on {string.Join(",", gated.Select(f => f.Name()))}: FAILED ({string.Join(", ", worse.Select(f => f.Figure.Name()))} worse beyond noise)";

    private static IReadOnlyCollection<RunFigure> ParseFigures(string? text, List<string> faults)
    {
        var figures = new List<RunFigure>();
        foreach (var name in (text ?? "").Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            if (RunFigures.TryParse(name, out var figure) && RunComparison.Compared.Contains(figure))
            {
                figures.Add(figure);
            }
            else
            {
                faults.Add($"--fail-on names '{name}', which compare does not judge; it takes {string.Join(", ", RunComparison.Compared.Select(f => f.Name()))}.");
            }
        }

        if (text is not null && figures.Count == 0 && faults.Count == 0)
        {
            faults.Add($"--fail-on names no figure; give a comma-separated list of {string.Join(", ", RunComparison.Compared.Select(f => f.Name()))}.");
        }

        return figures;
    }

    private static double? ParseShare(string? text, List<string> faults)
    {
        if (text is null)
        {
            return null;
        }

        if (Percentage.TryParse(text, signOptional: false, out var percent))
        {
            return percent / 100;
        }

        faults.Add($"--run-noise '{text}' is not a share from 0% to 100% (for example 10%).");
        return null;
    }
}
