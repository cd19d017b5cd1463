using System.Diagnostics;
using System.Threading.Channels;
using TableLoad.Measurement;
using TableLoad.Settings;

namespace TableLoad.Engine.Fleet;

/// <summary>One worker as the coordinator sees it: the child process, its reports, and what it cost.</summary>
internal sealed class WorkerProcess : IWorkerReport, IDisposable
{
    private const int StderrTailLines = 5;
    private readonly Process _process;
    private readonly Queue<string> _stderrTail = new();

    private WorkerProcess(int index, Process process)
    {
        Index = index;
        _process = process;
    }

    public int Index { get; }

    public int Pid => _process.Id;

    public string Name => $"worker {Index} (pid {Pid})";

    public bool Ready { get; set; }

    public bool Done { get; set; }

    public string? Failure { get; set; }

    public bool Live => !Done && Failure is null;

    public long Watermark { get; set; } = long.MinValue;

    public DateTimeOffset LastHeard { get; set; }

    public List<ProcessSample> Samples { get; } = [];

    IReadOnlyList<ProcessSample> IWorkerReport.Samples => Samples;

    public bool Failed => Failure is not null;

    public RunTotals Totals { get; } = new();

    public string StderrTail { get { lock (_stderrTail) { return string.Join(" | ", _stderrTail); } } }

    /// <summary>Starts <c>tableload worker</c>; its argv holds nothing but that, settings follow on stdin.</summary>
    public static WorkerProcess Start(int index, ChannelWriter<(WorkerProcess, WorkerMessage?)> inbox)
    {
        var info = new ProcessStartInfo
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        var host = Environment.ProcessPath ?? "dotnet";
        info.FileName = host;
        if (Path.GetFileNameWithoutExtension(host).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            info.ArgumentList.Add(typeof(WorkerProcess).Assembly.Location);
        }

        info.ArgumentList.Add("worker");
        // The secrets reach the worker in its start message on stdin, never through its environment.
        info.Environment.Remove(SecretVariables.ConnectionString);
        info.Environment.Remove(SecretVariables.Sas);
        var process = Process.Start(info) ?? throw new InvalidOperationException("The worker process did not start.");
        var worker = new WorkerProcess(index, process);
        process.ErrorDataReceived += (_, e) => worker.KeepStderr(e.Data);
        process.BeginErrorReadLine();
        _ = Task.Run(() => worker.ReadReportsAsync(inbox));
        return worker;
    }

    public int? ExitCode => _process.HasExited ? _process.ExitCode : null;

    public void Send(ControlMessage message)
    {
        try
        {
            _process.StandardInput.WriteLine(WorkerProtocol.Serialize(message));
            _process.StandardInput.Flush();
        }
        catch (IOException)
        {
            // The worker is gone; its exit is reported by the reader.
        }
    }

    public void Kill()
    {
        try
        {
            _process.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // Already exited.
        }
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            Kill();
        }

        _process.Dispose();
    }

    private async Task ReadReportsAsync(ChannelWriter<(WorkerProcess, WorkerMessage?)> inbox)
    {
        var stdout = _process.StandardOutput;
        while (await stdout.ReadLineAsync().ConfigureAwait(false) is { } line)
        {
            WorkerMessage message;
            try
            {
                message = WorkerProtocol.Deserialize<WorkerMessage>(line);
            }
            catch (System.Text.Json.JsonException)
            {
                KeepStderr(line);
                continue;
            }

            await inbox.WriteAsync((this, message)).ConfigureAwait(false);
        }

        await _process.WaitForExitAsync().ConfigureAwait(false);
        await inbox.WriteAsync((this, null)).ConfigureAwait(false);
    }

    private void KeepStderr(string? line)
    {
        if (string.IsNullOrWhiteSpace(line))
        {
            return;
        }

        lock (_stderrTail)
        {
            _stderrTail.Enqueue(line);
            while (_stderrTail.Count > StderrTailLines)
            {
                _stderrTail.Dequeue();
            }
        }
    }
}
