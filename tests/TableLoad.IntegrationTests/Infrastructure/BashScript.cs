using System.Diagnostics;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Runs one of the repository's bash scripts as a user would, capturing its output.</summary>
public static class BashScript
{
    /// <summary>Runs the script; an environment value of null removes that variable.</summary>
    public static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(
        string script, IReadOnlyList<string> args, IReadOnlyDictionary<string, string?> environment, TimeSpan limit)
    {
        var info = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(script);
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        foreach (var (name, value) in environment)
        {
            if (value is null)
            {
                info.Environment.Remove(name);
            }
            else
            {
                info.Environment[name] = value;
            }
        }

        using var process = Process.Start(info) ?? throw new InvalidOperationException("bash did not start.");
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
            throw new TimeoutException($"{Path.GetFileName(script)} did not exit within {limit}. stderr:\n{await stderr}");
        }

        return (process.ExitCode, await stdout, await stderr);
    }
}
