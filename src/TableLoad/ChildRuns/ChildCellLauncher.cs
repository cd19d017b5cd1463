using System.Diagnostics;
using System.Runtime.InteropServices;
using Microsoft.Extensions.Logging;
using TableLoad.Settings;

namespace TableLoad.ChildRuns;

/// <summary>
/// Runs a cell as a local child <c>dotnet tableload.dll run ...</c> with the connection string or SAS in its environment;
/// its result is the folder it wrote.
/// Its standard error is shown, prefixed by the cell; its table is not (the sweep prints its own row).
/// </summary>
internal sealed class ChildCellLauncher(string host, IReadOnlyList<string> hostArguments, CellSecrets secrets, ILogger log) : ICellLauncher
{
    // A Ctrl+C in the terminal reaches the child too; give it time to say so before passing the signal on.
    private static readonly TimeSpan ForwardGrace = TimeSpan.FromMilliseconds(500);
    private const string ChildStoppingPrefix = "Stopping";
    private const int SigInt = 2;

    /// <summary>The launcher for the program now running: <c>dotnet tableload.dll</c> with the same host, or the same apphost.</summary>
    public static ChildCellLauncher ForThisProgram(CellSecrets secrets, ILogger log)
    {
        var assembly = typeof(ChildCellLauncher).Assembly.Location;
        if (string.IsNullOrEmpty(assembly))
        {
            assembly = Path.Combine(AppContext.BaseDirectory, "tableload.dll");
        }

        var process = Environment.ProcessPath;
        var processName = process is null ? "" : Path.GetFileNameWithoutExtension(process);
        if (processName.Equals(Path.GetFileNameWithoutExtension(assembly), StringComparison.OrdinalIgnoreCase))
        {
            // Started as the apphost (bin/tableload or the .NET tool), which finds its runtime without dotnet on PATH.
            return new ChildCellLauncher(process!, [], secrets, log);
        }

        var host = processName.Equals("dotnet", StringComparison.OrdinalIgnoreCase) ? process! : "dotnet";
        return new ChildCellLauncher(host, [assembly], secrets, log);
    }

    public async Task<IChildRunResult> RunAsync(ChildRunRequest request, ChildRunSignals signals)
    {
        var exitCode = await RunProcessAsync(request.Child, request.Arguments, signals).ConfigureAwait(false);
        return new ChildRunFolder(exitCode, request.Folder);
    }

    private async Task<int> RunProcessAsync(string child, IReadOnlyList<string> arguments, ChildRunSignals signals)
    {
        var info = new ProcessStartInfo(host)
        {
            UseShellExecute = false,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var argument in hostArguments.Concat(arguments))
        {
            info.ArgumentList.Add(argument);
        }

        foreach (var (variable, secret) in new[] { (SecretVariables.ConnectionString, secrets.ConnectionString), (SecretVariables.Sas, secrets.Sas) })
        {
            info.Environment.Remove(variable);
            if (secret is not null)
            {
                info.Environment[variable] = secret.Reveal();
            }
        }

        using var process = Process.Start(info) ?? throw new InvalidOperationException($"{host} did not start.");
        var pid = process.Id;
        var running = 1;
        var childStops = 0;
        var forwarded = 0;
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                return;
            }

            if (e.Data.StartsWith(ChildStoppingPrefix, StringComparison.Ordinal))
            {
                Interlocked.Increment(ref childStops);
            }

            log.LogInformation("  {Cell}: {Line}", child, e.Data);
        };
        process.OutputDataReceived += static (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        async Task ForwardAsync(int requests)
        {
            await Task.Delay(ForwardGrace).ConfigureAwait(false);
            // Each request of the user should reach the child once: by the terminal or by us.
            if (Volatile.Read(ref running) == 1 && Volatile.Read(ref childStops) < requests && Interlocked.Exchange(ref forwarded, requests) < requests)
            {
                Interrupt(pid);
            }
        }

        using (signals.Listen(requests => _ = ForwardAsync(requests)))
        {
            await process.WaitForExitAsync().ConfigureAwait(false);
            Volatile.Write(ref running, 0);
        }

        process.WaitForExit(); // flushes the asynchronous output readers
        return process.ExitCode;
    }

    private static void Interrupt(int pid)
    {
        if (!OperatingSystem.IsWindows())
        {
            _ = Kill(pid, SigInt);
        }
    }

    [DllImport("libc", EntryPoint = "kill", SetLastError = true)]
    private static extern int Kill(int pid, int signal);
}
