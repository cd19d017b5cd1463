namespace TableLoad.Tune.Search;

/// <summary>
/// Runs the search's probes one at a time: never the same knobs twice, none that would end past the budget
/// (measured from the session's start), and none once the user has pressed Ctrl+C; records each in order.
/// </summary>
internal sealed class ProbeSession(
    IProbeRunner runner,
    Func<TunedProbe, Task>? onProbe,
    TuneConstraints constraints,
    TuneBudget budget,
    TimeProvider time,
    CancellationToken cancellationToken)
{
    private readonly long _started = time.GetTimestamp();
    private readonly List<TunedProbe> _probes = [];
    private readonly Dictionary<TuneKnobs, TunedProbe> _byKnobs = [];
    private TimeSpan _longest = TimeSpan.Zero;

    public IReadOnlyList<TunedProbe> Probes => _probes;

    /// <summary>Null while probes may still run; otherwise why they may not.</summary>
    public TuneStop? Stopped { get; private set; }

    public bool Tried(TuneKnobs knobs) => _byKnobs.ContainsKey(knobs);

    /// <returns>The probe at <paramref name="knobs"/>, run now or earlier; null once the session has stopped.</returns>
    public async Task<TunedProbe?> ProbeAsync(TuneKnobs knobs, string step)
    {
        if (_byKnobs.TryGetValue(knobs, out var earlier))
        {
            return earlier;
        }

        Stopped ??= cancellationToken.IsCancellationRequested ? TuneStop.Interrupted : OutOfBudget() ? TuneStop.Budget : null;
        if (Stopped is not null)
        {
            return null;
        }

        try
        {
            var began = time.GetTimestamp();
            var figures = await runner.ProbeAsync(knobs, cancellationToken).ConfigureAwait(false);
            var took = time.GetElapsedTime(began);
            _longest = took > _longest ? took : _longest;

            var probe = new TunedProbe(_probes.Count + 1, knobs, figures, ProbeJudge.Judge(figures, constraints), step);
            _probes.Add(probe);
            _byKnobs.Add(knobs, probe);
            if (onProbe is not null)
            {
                await onProbe(probe).ConfigureAwait(false);
            }

            return probe;
        }
        catch (OperationCanceledException)
        {
            Stopped = TuneStop.Interrupted;
            return null;
        }
    }

    // The next probe is expected to take as long as the longest so far, and at least the budget's estimate.
    private bool OutOfBudget()
    {
        var estimate = _longest > budget.ProbeEstimate ? _longest : budget.ProbeEstimate;
        return time.GetElapsedTime(_started) + estimate > budget.Total - budget.Reserved;
    }
}
