namespace TableLoad.Reporting.Exporters;

/// <summary>Writes one result file (or the printed table) from a <see cref="RunReport"/>; a run composes a list of them.</summary>
internal interface IResultExporter
{
    /// <summary>The moments at which this exporter writes; at others it is not called.</summary>
    RunMoments WritesAt { get; }

    Task ExportAsync(RunReport report);
}
