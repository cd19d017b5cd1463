namespace TableLoad.Measurement;

/// <summary>What a run's measurement needs of one worker process: its totals, its cost samples and whether it failed.</summary>
internal interface IWorkerReport
{
    int Index { get; }

    string Name { get; }

    RunTotals Totals { get; }

    IReadOnlyList<ProcessSample> Samples { get; }

    bool Failed { get; }

    /// <summary>The runtime settings the worker reported when it was ready; null before.</summary>
    RuntimeSettings? RuntimeSettings { get; }
}
