using System.Diagnostics;
using TableLoad.Settings;

namespace TableLoad.Engine.Fleet;

/// <summary>A worker as a child process running <c>tableload worker</c>: control on its stdin, reports on its stdout.</summary>
internal sealed class ChildWorkerLink : IWorkerLink
{
    private const int StderrTailLines = 5;
    private readonly Process _process;
    private readonly Queue<string> _stderrTail = new();

    private ChildWorkerLink(Process process) => _process = process;

    public int Pid => _process.Id;

    public int? ExitCode => _process.HasExited ? _process.ExitCode : null;

    public string StderrTail { get { lock (_stderrTail) { return string.Join(" | ", _stderrTail); } } }

    /// <summary>Starts <c>tableload worker</c>; its argv holds nothing but that, settings follow on stdin.</summary>
    /// <param name="runtime">Variables that set the worker's runtime (<see cref="RuntimeProfiles.ChildEnvironment"/>); null removes one.</param>
    public static IWorkerLink Start(Func<WorkerMessage?, ValueTask> report, IReadOnlyDictionary<string, string?> runtime)
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
            info.ArgumentList.Add(typeof(ChildWorkerLink).Assembly.Location);
        }

        info.ArgumentList.Add("worker");
        // The secrets reach the worker in its start message on stdin, never through its environment.
        info.Environment.Remove(SecretVariables.ConnectionString);
        info.Environment.Remove(SecretVariables.Sas);
        foreach (var (name, value) in runtime)
        {
            info.Environment[name] = value;
        }

        var process = Process.Start(info) ?? throw new InvalidOperationException("The worker process did not start.");
        var link = new ChildWorkerLink(process);
        process.ErrorDataReceived += (_, e) => link.KeepStderr(e.Data);
        process.BeginErrorReadLine();
        _ = Task.Run(() => link.ReadReportsAsync(report));
        return link;
    }

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

    private async Task ReadReportsAsync(Func<WorkerMessage?, ValueTask> report)
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

            await report(message).ConfigureAwait(false);
        }

        await _process.WaitForExitAsync().ConfigureAwait(false);
        await report(null).ConfigureAwait(false);
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
