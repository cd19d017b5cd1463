using System.ComponentModel;
using System.Diagnostics;

namespace TableLoad.Reporting;

/// <summary>
/// <c>--report</c>: runs <c>Rscript analysis/report.R &lt;folder&gt;</c> from the TableLoad checkout when R is
/// installed, and says how to install it when it is not. Never fails the load test it reports on.
/// </summary>
internal static class AnalysisReport
{
    public const string ScriptPath = "analysis/report.R";
    public const string InstallHint =
        "install R with 'sudo apt-get install r-base-core r-cran-data.table r-cran-ggplot2 r-cran-ggrepel r-cran-jsonlite' (or scripts/install-deps.sh)";

    /// <summary>Writes the report for <paramref name="resultDirectory"/>; returns Rscript's exit code, or null when it could not run.</summary>
    public static async Task<int?> RunAsync(string resultDirectory, TextWriter errors)
    {
        var folder = Path.GetFullPath(resultDirectory);
        var rscript = FindOnPath("Rscript", Environment.GetEnvironmentVariable("PATH"));
        if (rscript is null)
        {
            await errors.WriteLineAsync($"Rscript is not on PATH, so no report was made; {InstallHint}, then run 'Rscript {ScriptPath} {folder}'.").ConfigureAwait(false);
            return null;
        }

        var root = FindRepositoryRoot(AppContext.BaseDirectory) ?? FindRepositoryRoot(Environment.CurrentDirectory);
        if (root is null)
        {
            await errors.WriteLineAsync($"{ScriptPath} was not found above {AppContext.BaseDirectory} or the current folder, so no report was made; run 'Rscript {ScriptPath} {folder}' in a TableLoad checkout.").ConfigureAwait(false);
            return null;
        }

        // The R scripts are written to be run from the repository root, as 'Rscript analysis/report.R <dir>'.
        var info = new ProcessStartInfo(rscript) { WorkingDirectory = root, UseShellExecute = false };
        info.ArgumentList.Add(ScriptPath);
        info.ArgumentList.Add(folder);
        try
        {
            using var process = Process.Start(info)!;
            await process.WaitForExitAsync().ConfigureAwait(false);
            if (process.ExitCode != 0)
            {
                await errors.WriteLineAsync($"Rscript {ScriptPath} ended with exit code {process.ExitCode}; the results in {folder} are unaffected.").ConfigureAwait(false);
            }

            return process.ExitCode;
        }
        catch (Win32Exception ex)
        {
            await errors.WriteLineAsync($"Rscript could not be started ({ex.Message}); {InstallHint}.").ConfigureAwait(false);
            return null;
        }
    }

    /// <summary>The nearest folder at or above <paramref name="start"/> that holds analysis/report.R.</summary>
    public static string? FindRepositoryRoot(string start)
    {
        for (var directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, ScriptPath)))
            {
                return directory.FullName;
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
