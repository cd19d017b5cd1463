using System.ComponentModel;
using System.Diagnostics;
using Microsoft.Extensions.Logging;

namespace TableLoad.Reporting;

/// <summary>
/// <c>--report</c>: runs <c>Rscript analysis/report.R &lt;folder&gt;</c> (the scripts ship beside the program) when R
/// is installed, and says how to install it when it is not. Never fails the load test it reports on.
/// </summary>
internal static class AnalysisReport
{
    public const string ScriptPath = "analysis/report.R";
    public const string InstallHint =
        "install R with 'sudo apt-get install r-base-core r-cran-data.table r-cran-ggplot2 r-cran-ggrepel r-cran-jsonlite' (or scripts/install-deps.sh)";

    /// <summary>Writes the report for <paramref name="resultDirectory"/>; returns Rscript's exit code, or null when it could not run.</summary>
    public static async Task<int?> RunAsync(string resultDirectory, ILogger log)
    {
        var folder = Path.GetFullPath(resultDirectory);
        var rscript = FindOnPath("Rscript", Environment.GetEnvironmentVariable("PATH"));
        if (rscript is null)
        {
            log.LogWarning("{Sentence}", $"Rscript is not on PATH, so no report was made; {InstallHint}, then run 'Rscript {ScriptPath} {folder}'.");
            return null;
        }

        var script = FindScript(AppContext.BaseDirectory, Environment.CurrentDirectory);
        if (script is null)
        {
            log.LogWarning("{Sentence}", $"{ScriptPath} was not found beside {AppContext.BaseDirectory} nor above it or the current folder, so no report was made; run 'Rscript {ScriptPath} {folder}' in a TableLoad checkout.");
            return null;
        }

        // report.R finds its R/ folder from its own path, so any working folder does.
        var info = new ProcessStartInfo(rscript) { UseShellExecute = false };
        info.ArgumentList.Add(script);
        info.ArgumentList.Add(folder);
        try
        {
            using var process = Process.Start(info)!;
            await process.WaitForExitAsync().ConfigureAwait(false);
            if (process.ExitCode != 0)
            {
                log.LogWarning("{Sentence}", $"Rscript {ScriptPath} ended with exit code {process.ExitCode}; the results in {folder} are unaffected.");
            }

            return process.ExitCode;
        }
        catch (Win32Exception ex)
        {
            log.LogWarning("{Sentence}", $"Rscript could not be started ({ex.Message}); {InstallHint}.");
            return null;
        }
    }

    /// <summary>
    /// report.R as shipped beside the program (the installed tool and every build carry analysis/), else
    /// in the nearest checkout at or above <paramref name="programFolder"/> or <paramref name="currentFolder"/>.
    /// </summary>
    public static string? FindScript(string programFolder, string currentFolder)
    {
        foreach (var start in new[] { programFolder, currentFolder })
        {
            for (var directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
            {
                var candidate = Path.Combine(directory.FullName, ScriptPath);
                if (File.Exists(candidate))
                {
                    return candidate;
                }
            }
        }

        return null;
    }

    public static string? FindOnPath(string program, string? path)
    {
        var names = OperatingSystem.IsWindows() ? [program + ".exe", program] : new[] { program };
        foreach (var directory in (path ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
        {
            foreach (var name in names)
            {
                var candidate = Path.Combine(directory, name);
                if (File.Exists(candidate))
                {
                    return candidate;
                }
            }
        }

        return null;
    }
}
