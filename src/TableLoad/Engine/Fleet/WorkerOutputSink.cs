using TableLoad.Measurement;

namespace TableLoad.Engine.Fleet;

/// <summary>A worker's only sink: each finished second goes to the coordinator as one protocol line.</summary>
internal sealed class WorkerOutputSink(WorkerChannel channel) : IWindowSink
{
    public void OnWindow(Window window, bool warmup) => channel.Send(WindowMessage.Of(window, warmup));
}

/// <summary>The worker's end of the protocol: one line per message on stdout, written under a lock.</summary>
internal sealed class WorkerChannel(TextWriter stdout)
{
    private readonly Lock _gate = new();

    public void Send(WorkerMessage message)
    {
        var line = WorkerProtocol.Serialize(message);
        lock (_gate)
        {
            stdout.WriteLine(line);
            stdout.Flush();
        }
    }
}
