using Microsoft.Extensions.Logging;
using TableLoad.ChildRuns;
using TableLoad.Rounds;
using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>
/// tune --close-rounds: the search's cheaper choice, within noise of the best by the assumed run-to-run share, decided by
/// interleaved rounds of the two (<see cref="CloseCall"/>) before the confirm runs.
/// </summary>
internal sealed class TuneCloseCall(TuneSettings settings, ICellLauncher launcher, TextWriter output, ILogger log, TimeProvider time)
{
    /// <summary>
    /// The cheaper choice within noise of the best by the assumed share, decided by <see cref="TuneSettings.CloseRounds"/> interleaved rounds
    /// of the two when the budget holds them and the confirm runs; as it was when it does not, or a run stopped the rounds.
    /// </summary>
    public async Task<CheaperChoice> DecideAsync(CheaperChoice cheaper, Func<TimeSpan> timeLeft, ChildRunSignals signals)
    {
        if (settings.CloseRounds == 0 || signals.Interrupted)
        {
            return cheaper;
        }

        var (chosen, best) = (settings.Cell(cheaper.Chosen.Knobs), settings.Cell(cheaper.Best.Knobs));
        if (timeLeft() < (2 * settings.CloseRounds * settings.ProbeTime) + (settings.Confirm * settings.ConfirmTime))
        {
            log.LogWarning("{Sentence}", $"The budget leaves no time for {settings.CloseRounds} rounds of {cheaper.Chosen.Knobs} and {cheaper.Best.Knobs}: the assumed run-to-run share decides between them.");
            return cheaper;
        }

        await output.WriteLineAsync($"close call: {cheaper.Best.Knobs}'s {TuneNoise.Change(cheaper.Gain)} over {cheaper.Chosen.Knobs} is within noise by {CloseCall.AssumedShare}; {settings.CloseRounds} interleaved rounds decide it").ConfigureAwait(false);
        await output.FlushAsync().ConfigureAwait(false);
        var verdict = await CloseCall.DecideAsync(
            new CloseCallSide(cheaper.Chosen.Knobs.ToString(), CellArguments.RunOptions(settings.Probes.CommandLine, chosen)),
            new CloseCallSide(cheaper.Best.Knobs.ToString(), CellArguments.RunOptions(settings.Probes.CommandLine, best)),
            new CloseCallPlan(settings.CloseRounds, settings.OutputDirectory, "tune", settings.Warmup + settings.ProbeDuration, settings.Probes.Table),
            launcher, output, log, signals, time.GetUtcNow()).ConfigureAwait(false);
        if (verdict is null)
        {
            // Stopped by the user, tune ends as interrupted; a failed run leaves the choice to the assumed share.
            if (!signals.Interrupted)
            {
                log.LogWarning("{Sentence}", $"The close call's rounds ended without a verdict (see {CloseCall.Folder}/): the assumed run-to-run share decides between {cheaper.Chosen.Knobs} and {cheaper.Best.Knobs}.");
            }

            return cheaper;
        }

        await output.WriteLineAsync($"close call: {verdict.Sentence}; {verdict.Winner} wins").ConfigureAwait(false);
        return cheaper with { Rounds = verdict };
    }
}
