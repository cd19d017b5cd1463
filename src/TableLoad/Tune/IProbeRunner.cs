namespace TableLoad.Tune;

/// <summary>Runs one probe at the given knobs and returns its figures.</summary>
internal interface IProbeRunner
{
    /// <returns>The probe's figures; null when the run ended without any (it failed).</returns>
    /// <exception cref="OperationCanceledException">The user stopped tune while the probe ran.</exception>
    Task<ProbeFigures?> ProbeAsync(TuneKnobs knobs, CancellationToken cancellationToken);
}
