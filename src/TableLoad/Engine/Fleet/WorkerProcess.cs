using System.Threading.Channels;
using TableLoad.Measurement;

namespace TableLoad.Engine.Fleet;

/// <summary>One worker as the coordinator sees it: its link, its reports, and what it cost.</summary>
internal sealed class WorkerProcess : IWorkerReport, IDisposable
{
    // Set as soon as the worker is launched: the launcher's reports must already name this worker.
    private IWorkerLink _link = null!;

    private WorkerProcess(int index, IEnumerable<string> slices)
    {
        Index = index;
        Totals = new RunTotals(slices);
    }

    public int Index { get; }

    public int Pid => _link.Pid;

    public string Name => $"worker {Index} (pid {Pid})";

    public bool Ready { get; set; }

    public RuntimeSettings? RuntimeSettings { get; set; }

    public bool Done { get; set; }

    public string? Failure { get; set; }

    public bool Live => !Done && Failure is null;

    public long Watermark { get; set; } = long.MinValue;

    public DateTimeOffset LastHeard { get; set; }

    public ProcessSampleSeries Samples { get; } = new();

    IReadOnlyList<ProcessSample> IWorkerReport.Samples => Samples;

    public bool Failed => Failure is not null;

    public RunTotals Totals { get; }

    public string StderrTail => _link.StderrTail;

    public int? ExitCode => _link.ExitCode;

    /// <summary>Launches worker <paramref name="index"/>, whose reports arrive in <paramref name="inbox"/> marked with it.</summary>
    /// <param name="slices">The run's slices (a mix's operations), which the worker's own row totals apart as the run's does.</param>
    public static WorkerProcess Start(int index, IEnumerable<string> slices, ChannelWriter<(WorkerProcess, WorkerMessage?)> inbox, WorkerLauncher launch)
    {
        var worker = new WorkerProcess(index, slices);
        worker._link = launch(message => inbox.WriteAsync((worker, message)));
        return worker;
    }

    public void Send(ControlMessage message) => _link.Send(message);

    public void Kill() => _link.Kill();

    public void Dispose() => _link.Dispose();
}
