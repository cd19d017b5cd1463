namespace TableLoad.Engine.Fleet;

/// <summary>The coordinator's line to one worker: control messages go out; reports come back through the launcher's callback.</summary>
internal interface IWorkerLink : IDisposable
{
    int Pid { get; }

    /// <summary>Null while the worker runs.</summary>
    int? ExitCode { get; }

    /// <summary>The worker's last lines on stderr, to say why it failed.</summary>
    string StderrTail { get; }

    void Send(ControlMessage message);

    void Kill();
}

/// <summary>Starts a worker whose every report, and finally null for its exit, is handed to <paramref name="report"/>.</summary>
internal delegate IWorkerLink WorkerLauncher(Func<WorkerMessage?, ValueTask> report);
