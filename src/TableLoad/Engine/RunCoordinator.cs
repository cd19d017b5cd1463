using Microsoft.Extensions.Logging;
using TableLoad.Engine.Phases;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Reporting.Exporters;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>
/// One run from start to end, as its coordinator: composes the run's table, its result exporters and
/// its phases (<see cref="RunPhases"/>), and runs them in <see cref="PhaseSequence"/>'s order.
/// </summary>
internal sealed class RunCoordinator(RunSettings settings, TextWriter output, ILogger log, TextWriter? progress, TimeProvider time)
{
    public async Task<int> RunAsync(StopSignals signals)
    {
        LoadProcessTuning.Apply(settings);
        var runtime = RuntimeSettings.Current(settings.Runtime.ToName());
        if (MemoryBudget.Warning(settings, runtime.GcHeapCount, runtime.GcHeapHardLimitBytes) is { } memory)
        {
            log.LogWarning("{Sentence}", memory);
        }

        var ownCalls = new OwnCalls(time);
        using var admin = new TableAdmin(AuthorizedTarget.For(settings.Target, time), settings.Table, settings.TableCallTimeout, ownCalls: new OwnCallPolicy(ownCalls));
        IResultExporter[] exporters = [new RunJsonExporter(), new SummaryJsonExporter(), new ResultTableExporter(output, log)];
        using var phases = new RunPhases(settings, new RunTable(settings, admin, ownCalls, log), exporters, output, log, progress, time, signals);
        return await PhaseSequence.RunAsync(phases, log).ConfigureAwait(false);
    }
}
