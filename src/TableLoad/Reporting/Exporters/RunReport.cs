using TableLoad.Measurement;
using TableLoad.Settings;

namespace TableLoad.Reporting.Exporters;

/// <summary>What every exporter reads, at one moment of a run: immutable, the summary computed once for all of them.</summary>
/// <param name="WorkerFailures">One sentence per worker process that failed, naming it.</param>
internal sealed record RunReport(
    RunMoments Moment,
    RunSettings Settings,
    RunSummary Summary,
    DateTimeOffset StartedUtc,
    DateTimeOffset? EndedUtc,
    IReadOnlyList<string> WorkerFailures);
