using System.Diagnostics;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Runs one of the repository's bash scripts as a user would, capturing its output.</summary>
public static class BashScript
{
    /// <summary>Runs the script; an environment value of null removes that variable.</summary>
    public static Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(
        string script, IReadOnlyList<string> args, IReadOnlyDictionary<string, string?> environment, TimeSpan limit)
    {
        var info = new ProcessStartInfo("bash");
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

        return ChildProcess.RunAsync(info, limit);
    }
}
