namespace TableLoad.Measurement;

/// <summary>The cost samples of every process of a run: the coordinator's own and each worker's.</summary>
internal sealed class FleetSamples(RunClock clock, IReadOnlyList<IWorkerReport> workers)
{
    private readonly ProcessSampleSeries _coordinator = [ProcessSample.Take(0)];

    public void SampleCoordinator() => _coordinator.Add(ProcessSample.Take(clock.ElapsedMicros() / 1e6));

    public IReadOnlyList<(string Process, IReadOnlyList<ProcessSample> Samples)> Series()
    {
        var name = workers.Count == 0 ? "the tableload process" : "the coordinator";
        var series = new List<(string, IReadOnlyList<ProcessSample>)> { (name, _coordinator) };
        foreach (var worker in workers)
        {
            series.Add((worker.Name, worker.Samples));
        }

        return series;
    }

    /// <summary>Client CPU over the last second, in percent of one core, all processes added.</summary>
    public double CpuPercentNow() =>
        Series().Sum(series => series.Samples.Count < 2 ? 0 : Share(series.Samples[^2], series.Samples[^1])) * 100;

    public ClientUsage Usage(long entities, long batches, long lateBatches, SaturationContext load)
    {
        var reasons = SaturationGuard.Assess(Series(), batches, lateBatches, Environment.ProcessorCount, load);
        return ClientUsage.From(Series().Where(series => series.Samples.Count > 0).Select(series => series.Samples[^1]), entities) with
        {
            SaturationReasons = reasons,
            LateStart = SaturationGuard.LateStart(batches, lateBatches, reasons, load) is { } late ? [late] : [],
            GcPausePercent = Series().Where(series => series.Samples.Count > 1).Select(series => ProcessSample.GcPauseShare(series.Samples[0], series.Samples[^1]) * 100).DefaultIfEmpty(0).Max(),
        };
    }

    private static double Share(ProcessSample from, ProcessSample to) =>
        to.WallSeconds > from.WallSeconds ? (to.CpuSeconds - from.CpuSeconds) / (to.WallSeconds - from.WallSeconds) : 0;
}
