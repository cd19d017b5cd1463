using System.Diagnostics;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Runs a program to its end with its output captured; killed, with its children, past the limit.</summary>
public static class ChildProcess
{
    public static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(ProcessStartInfo info, TimeSpan limit)
    {
        info.RedirectStandardOutput = true;
        info.RedirectStandardError = true;
        info.UseShellExecute = false;
        using var process = Process.Start(info)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(limit);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{Path.GetFileName(info.FileName)} {string.Join(' ', info.ArgumentList)} did not finish within {limit}: {await stderr}");
        }

        return (process.ExitCode, await stdout, await stderr);
    }
}
