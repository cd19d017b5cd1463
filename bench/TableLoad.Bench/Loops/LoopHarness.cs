using System.Diagnostics;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Bench.Loops;

/// <summary>
/// Runs a baseline client's loops and measures them as TableLoad measures itself: a warm-up that ends on a
/// whole wall-clock second, then a measured window counting the batches started in it, whenever they answer;
/// CPU and allocations from process snapshots at the window's edges and at the end.
/// </summary>
internal sealed class LoopHarness(LoopOptions options)
{
    private long _measureFrom;
    private long _measureUntil;

    /// <summary>The thread-pool floor TableLoad sets (Engine/ThreadPoolTuning.cs); call before the loops' connections open.</summary>
    public static void TuneThreadPool(int tasks)
    {
        ThreadPool.GetMinThreads(out var workers, out var io);
        ThreadPool.SetMinThreads(Math.Max(workers, tasks + 2), Math.Max(io, tasks + 2));
    }

    public async Task<LoopResult> RunAsync(IReadOnlyList<IBatchLoop> loops, CancellationToken cancellationToken)
    {
        var states = loops.Select(loop => new LoopState(loop)).ToArray();
        var started = Stopwatch.GetTimestamp();
        var atLaunch = ProcessSnapshot.Take();
        _measureFrom = started + (long)(AlignedWarmup(DateTimeOffset.UtcNow, options.Warmup).TotalSeconds * Stopwatch.Frequency);
        _measureUntil = _measureFrom + (long)(options.Measured.TotalSeconds * Stopwatch.Frequency);
        var running = states.Select(state => Task.Run(() => RunLoopAsync(state, cancellationToken), CancellationToken.None)).ToArray();

        await DelayUntilAsync(_measureFrom, cancellationToken).ConfigureAwait(false);
        var atStart = ProcessSnapshot.Take();
        var entitiesAtStart = states.Sum(s => Volatile.Read(ref s.EntitiesSucceeded));
        var batchesAtStart = states.Sum(s => Volatile.Read(ref s.Batches));
        await DelayUntilAsync(_measureUntil, cancellationToken).ConfigureAwait(false);
        var atEnd = ProcessSnapshot.Take();
        var entitiesAtEnd = states.Sum(s => Volatile.Read(ref s.EntitiesSucceeded));
        var batchesAtEnd = states.Sum(s => Volatile.Read(ref s.Batches));
        await Task.WhenAll(running).ConfigureAwait(false);
        var whole = ProcessSnapshot.Take();

        var latency = new LatencyHistogram();
        foreach (var state in states)
        {
            latency.Add(state.Latency);
        }

        var measuredEntities = entitiesAtEnd - entitiesAtStart;
        var measuredBatches = batchesAtEnd - batchesAtStart;
        var allEntities = states.Sum(s => s.EntitiesSucceeded);
        var allBatches = states.Sum(s => s.Batches);
        return new LoopResult(
            Tasks: options.Tasks,
            MeasuredSeconds: options.Measured.TotalSeconds,
            EntitiesPerSecond: measuredEntities / options.Measured.TotalSeconds,
            EntitiesSucceeded: allEntities,
            FailedBatches: states.Sum(s => s.FailedBatches),
            CpuUsPerEntity: allEntities > 0 ? whole.CpuSeconds * 1e6 / allEntities : 0,
            CpuUsPerEntityMeasured: measuredEntities > 0 ? (atEnd.CpuSeconds - atStart.CpuSeconds) * 1e6 / measuredEntities : 0,
            AllocatedBytesPerBatch: allBatches > 0 ? (double)whole.AllocatedBytes / allBatches : 0,
            AllocatedBytesPerBatchMeasured: measuredBatches > 0 ? (double)(atEnd.AllocatedBytes - atStart.AllocatedBytes) / measuredBatches : 0,
            PeakRssMiB: whole.PeakRssBytes / 1048576.0,
            P50Ms: latency.ValueAtPercentile(50) / 1000.0,
            P99Ms: latency.ValueAtPercentile(99) / 1000.0,
            GcGen0: whole.Gen0,
            GcGen2: whole.Gen2,
            GcPausePercent: (whole.GcPauseSeconds - atLaunch.GcPauseSeconds) * 100 / Stopwatch.GetElapsedTime(started).TotalSeconds);
    }

    /// <summary>
    /// TableLoad ends its warm-up on a whole wall-clock second; so do the baselines, so all measure the
    /// same stretch of a service that changes as it fills (Azurite slows as its table grows).
    /// </summary>
    private static TimeSpan AlignedWarmup(DateTimeOffset now, TimeSpan warmup)
    {
        if (warmup <= TimeSpan.Zero)
        {
            return TimeSpan.Zero;
        }

        var end = now + warmup;
        var intoSecond = end.UtcTicks % TimeSpan.TicksPerSecond;
        return intoSecond == 0 ? warmup : warmup + TimeSpan.FromTicks(TimeSpan.TicksPerSecond - intoSecond);
    }

    private async Task RunLoopAsync(LoopState state, CancellationToken cancellationToken)
    {
        for (long sequence = 0; Stopwatch.GetTimestamp() < _measureUntil && !cancellationToken.IsCancellationRequested; sequence++)
        {
            var sent = Stopwatch.GetTimestamp();
            var succeeded = await state.Loop.SendAsync(sequence, cancellationToken).ConfigureAwait(false);

            // As TableLoad counts it: every batch that started in the measured period, whenever it answered.
            var ended = Stopwatch.GetTimestamp();
            if (sent >= _measureFrom && sent < _measureUntil)
            {
                state.Latency.RecordValue((long)Stopwatch.GetElapsedTime(sent, ended).TotalMicroseconds);
            }

            Volatile.Write(ref state.Batches, state.Batches + 1);
            if (succeeded)
            {
                Volatile.Write(ref state.EntitiesSucceeded, state.EntitiesSucceeded + options.BatchSize);
            }
            else
            {
                state.FailedBatches++;
            }
        }
    }

    private static async Task DelayUntilAsync(long timestamp, CancellationToken cancellationToken)
    {
        var remaining = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), timestamp);
        if (remaining > TimeSpan.Zero)
        {
            await Task.Delay(remaining, cancellationToken).ConfigureAwait(false);
        }
    }

    // Each loop's own counters and histogram, read by the measuring task only at the window's edges.
    private sealed class LoopState(IBatchLoop loop)
    {
        public IBatchLoop Loop { get; } = loop;

        public LatencyHistogram Latency { get; } = new();

        public long Batches;
        public long EntitiesSucceeded;
        public long FailedBatches;
    }
}
