using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.ChildRuns;

/// <summary>
/// What a child run left, wherever it ran: how it ended, its summary and its recorded options. Sweep, tune and rounds read a
/// child's results only through this, so a launcher that runs the child elsewhere serves them its own way.
/// </summary>
internal interface IChildRunResult
{
    /// <summary>The run's exit code.</summary>
    int ExitCode { get; }

    /// <summary>The summary.json the run wrote; null when there is none that could be read.</summary>
    RunSummary? ReadSummary();

    /// <summary>The options its run.json recorded; null when it wrote none that could be read.</summary>
    RecordedRunOptions? ReadOptions();
}
