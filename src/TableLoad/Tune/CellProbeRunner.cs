using TableLoad.ChildRuns;
using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>
/// Runs each probe as a sweep cell (a child <c>tableload run</c> with its own folder and a fresh table), and answers
/// the probes tune.csv already holds from it, so <c>--resume</c> replays the search without running them again.
/// </summary>
internal sealed class CellProbeRunner(TuneSettings settings, ICellLauncher launcher, ChildRunSignals signals, TimeProvider time, IEnumerable<TuneRow> finished) : IProbeRunner
{
    private readonly Dictionary<TuneKnobs, SweepRow> _finished = finished.Where(r => r.Role == TuneRow.ProbeRole).ToDictionary(r => r.Knobs, r => r.Row);
    private readonly Dictionary<TuneKnobs, SweepRow?> _ran = [];
    private int _started;

    /// <summary>The row of the probe of <paramref name="knobs"/> this tune ran (null when its run failed); false for one answered from tune.csv.</summary>
    public bool TryTakeNewRow(TuneKnobs knobs, out SweepRow? row) => _ran.Remove(knobs, out row);

    public async Task<ProbeFigures?> ProbeAsync(TuneKnobs knobs, CancellationToken cancellationToken)
    {
        if (_finished.TryGetValue(knobs, out var earlier))
        {
            return ProbeFiguresReader.From(earlier);
        }

        cancellationToken.ThrowIfCancellationRequested();
        var row = await RunAsync(settings.Probes, settings.Cell(knobs)).ConfigureAwait(false);
        _ran[knobs] = row;
        return row is null ? null : ProbeFiguresReader.From(row);
    }

    /// <summary>The confirm run of the recommended knobs in pass <paramref name="pass"/> (2, 3, ...); null when it failed.</summary>
    public Task<SweepRow?> ConfirmAsync(TuneKnobs knobs, int pass) => RunAsync(settings.Confirms, settings.Cell(knobs, pass));

    private async Task<SweepRow?> RunAsync(SweepSettings how, SweepCell cell)
    {
        var request = new ChildRunRequest(cell.Name, how.CellDirectory(cell), CellArguments.For(how, cell, ChildTable.FreshName(time.GetUtcNow(), ++_started)));
        var run = await CellRun.RunAsync(launcher, request, signals).ConfigureAwait(false);
        if (run.Aborts)
        {
            throw new TuneAbortedException(run.ExitCode, run.AbortSentence(cell.Name, "tune"));
        }

        if (run.Interrupted)
        {
            throw new OperationCanceledException($"{cell.Name} was interrupted.");
        }

        return run.Summary is { } summary ? SweepRow.FromSummary(cell, summary) : null;
    }
}
