using System.Globalization;
using Microsoft.Extensions.Logging;
using TableLoad.ChildRuns;
using TableLoad.Measurement.Confidence;
using TableLoad.Reporting;
using TableLoad.Reporting.Compare;

namespace TableLoad.Rounds;

/// <summary>
/// Runs the two sides of a comparison by rounds, each run a child <c>tableload run</c> into its own folder in ABBA order,
/// records the order in rounds.json as it goes, and ends with compare's lines (or JSON) from the rounds' paired differences.
/// </summary>
internal sealed class RoundsRunner(RoundsSettings settings, ICellLauncher launcher, TextWriter output, ILogger log)
{
    /// <summary>compare --rounds: the rounds, then compare's lines (or JSON) and its exit code.</summary>
    public async Task<int> RunAsync(ChildRunSignals signals)
    {
        var ended = await JudgeAsync(signals).ConfigureAwait(false);
        if (ended.Comparison is not { } comparison)
        {
            return ended.ExitCode;
        }

        if (settings.Json)
        {
            await output.WriteLineAsync(ComparisonJson.Render(comparison, settings.Gated)).ConfigureAwait(false);
        }
        else
        {
            foreach (var line in ComparisonLines.Of(comparison))
            {
                await output.WriteLineAsync(line).ConfigureAwait(false);
            }

            if (settings.Gated.Count > 0)
            {
                await output.WriteLineAsync(ComparisonLines.GateLine(comparison, settings.Gated)).ConfigureAwait(false);
            }
        }

        return comparison.GateFails(settings.Gated) ? ExitCodes.GateFailed : ExitCodes.Success;
    }

    /// <summary>
    /// Runs the rounds in ABBA order, rounds.json recording each as it ends, and judges them by their paired differences into
    /// comparison.json; without a comparison when a run stopped them, with the exit code that says why.
    /// </summary>
    public async Task<RoundsEnded> JudgeAsync(ChildRunSignals signals)
    {
        Directory.CreateDirectory(settings.OutputDirectory);
        var jsonPath = Path.Combine(settings.OutputDirectory, ResultFiles.RoundsJson);
        var description = RoundsDescription.Plan(settings);
        await ResultJson.WriteAsync(jsonPath, description, RoundsDescription.Json).ConfigureAwait(false);
        var order = RoundsOrder.Of(settings.Rounds);
        log.LogInformation("{Sentence}", Plan(order.Count));

        var compared = new Dictionary<RoundRun, ComparedRun>();
        for (var i = 0; i < order.Count; i++)
        {
            var run = order[i];
            log.LogInformation("{Sentence}", $"[{i + 1}/{order.Count}] {run.Folder}: running");
            var directory = Path.Combine(settings.OutputDirectory, run.Folder);
            var ended = await CellRun.RunAsync(launcher, new ChildRunRequest(run.Folder, directory, Arguments(run, directory, i + 1)), signals).ConfigureAwait(false);
            description = description.Ended(i, ended.ExitCode);
            await ResultJson.WriteAsync(jsonPath, description, RoundsDescription.Json).ConfigureAwait(false);
            if (ended.Aborts)
            {
                log.LogWarning("{Sentence}", ended.AbortSentence(run.Folder, settings.Purpose));
                return new RoundsEnded(ended.ExitCode, null);
            }

            if (ended.Interrupted)
            {
                log.LogWarning("{Sentence}", $"{run.Folder} was interrupted; {settings.Purpose} stops without a verdict (the runs so far stay in {settings.OutputDirectory}).");
                return new RoundsEnded(ExitCodes.Interrupted, null);
            }

            if (ended.Summary is not { } summary)
            {
                log.LogWarning("{Sentence}", $"{run.Folder} failed (exit code {ended.ExitCode}) and left no summary, so its round has no pair; {settings.Purpose} stops without a verdict.");
                return new RoundsEnded(ExitCodes.Partial, null);
            }

            compared[run] = new ComparedRun(directory, summary, ended.Result.ReadOptions());
        }

        ComparedSide Side(string name) => new(settings.OutputDirectory, [.. order.Where(r => r.Side == name).OrderBy(r => r.Round).Select(r => compared[r])]);
        var comparison = RunComparison.OfRounds(Side(RoundsOrder.Base), Side(RoundsOrder.New), RunConfidence.DefaultLevel);
        await File.WriteAllTextAsync(Path.Combine(settings.OutputDirectory, ResultFiles.ComparisonJson), ComparisonJson.Render(comparison, settings.Gated)).ConfigureAwait(false);
        return new RoundsEnded(ExitCodes.Success, comparison);
    }

    private List<string> Arguments(RoundRun run, string directory, int ordinal)
    {
        var side = run.Side == RoundsOrder.Base ? settings.Base : settings.New;
        var args = new List<string> { "run" };
        args.AddRange(side.RunArguments);
        args.AddRange(settings.Table is null ? ["--table", ChildTable.FreshName(settings.StartedUtc, ordinal)] : ["--table", settings.Table, "--keep-table"]);
        args.AddRange(["--output", directory, "--label", run.Folder, "--quiet"]);
        return args;
    }

    private string Plan(int runs)
    {
        // Two seconds a run for starting the child and creating and deleting its table, as a sweep counts its cells.
        var seconds = runs * (settings.RunTime.TotalSeconds + 2);
        return string.Create(CultureInfo.InvariantCulture,
            $"{settings.Command}: {settings.Rounds} rounds of base and new in ABBA order, {runs} runs, about {(seconds < 120 ? $"{Math.Ceiling(seconds)} s" : $"{Math.Ceiling(seconds / 60)} min")}; results in {settings.OutputDirectory}");
    }
}

/// <summary>How rounds ended: their comparison, or none when a run stopped them, with the exit code that says why.</summary>
internal sealed record RoundsEnded(int ExitCode, RunComparison? Comparison);
