using System.CommandLine;
using TableLoad.Reporting;

namespace TableLoad.Cli;

/// <summary>
/// The paths a command writes to, checked before anything runs: a folder cannot be made where a file stands or
/// under one, and a file cannot be written where a folder stands, under a file, or over the command's own result files.
/// Nothing is made here.
/// </summary>
internal static class OutputPaths
{
    /// <summary>Refuses a folder the command would make and write its result files into; true when it can be made.</summary>
    public static bool CheckFolder(UsageErrors errors, Option option, string? path)
    {
        if (path is null)
        {
            return true;
        }

        return errors.Require(option, !File.Exists(path), $"{option.Name} {path} is a file, so no folder of results can be made there; give a folder.")
            && errors.Require(option, FileAbove(path) is not { } file, $"{option.Name} {path} lies under the file {FileAbove(path)}, so no folder can be made there.");
    }

    /// <summary>Refuses a file the command would write; true when it can be written.</summary>
    /// <param name="outputFolder">The folder of the command's result files, which the file must not be, replace or lie under.</param>
    public static bool CheckFile(UsageErrors errors, Option option, string? path, string? outputFolder)
    {
        if (path is null)
        {
            return true;
        }

        var full = Path.GetFullPath(path);
        var isOutput = outputFolder is not null && SamePath(full, Path.GetFullPath(outputFolder));
        var resultFile = outputFolder is null ? null : ResultFileAtOrAbove(full, Path.GetFullPath(outputFolder));
        return errors.Require(option, !Directory.Exists(path) && !isOutput, $"{option.Name} {path} is a folder; give the file to write, such as {Path.Combine(path, "gates.xml")}.")
            && errors.Require(option, FileAbove(path) is null, $"{option.Name} {path} lies under the file {FileAbove(path)}, so it cannot be written; give a path in a folder.")
            && errors.Require(option, resultFile is null, $"{option.Name} {path} is or lies under {resultFile}, a result file of the run; give a path beside them, such as {Path.Combine(outputFolder ?? "", "gates.xml")}.");
    }

    /// <summary>The nearest existing path above <paramref name="path"/> when it is a file; null when it is a folder or nothing exists above.</summary>
    private static string? FileAbove(string path)
    {
        for (var above = Path.GetDirectoryName(Path.GetFullPath(path)); !string.IsNullOrEmpty(above); above = Path.GetDirectoryName(above))
        {
            if (File.Exists(above))
            {
                return above;
            }

            if (Directory.Exists(above))
            {
                return null;
            }
        }

        return null;
    }

    /// <summary>The result file of <paramref name="outputFolder"/> that <paramref name="path"/> is or lies under; null for none.</summary>
    private static string? ResultFileAtOrAbove(string path, string outputFolder)
    {
        for (var at = path; !string.IsNullOrEmpty(at); at = Path.GetDirectoryName(at))
        {
            if (Path.GetDirectoryName(at) is { } folder && SamePath(folder, outputFolder))
            {
                return Path.GetFileName(at) is var name && IsResultFile(name) ? Path.Combine(outputFolder, name) : null;
            }
        }

        return null;
    }

    private static readonly string[] ResultFileNames =
        [ResultFiles.RunJson, ResultFiles.SummaryJson, ResultFiles.IntervalsCsv, ResultFiles.LatencyHlog, ResultFiles.SweepCsv, ResultFiles.SweepJson, ResultFiles.TuneCsv, ResultFiles.TuneJson];

    // batches.csv, or batches-<k>.csv of process k.
    private static bool IsResultFile(string name) =>
        ResultFileNames.Contains(name, StringComparer.Ordinal) || (name.StartsWith("batches", StringComparison.Ordinal) && name.EndsWith(".csv", StringComparison.Ordinal));

    private static bool SamePath(string a, string b) =>
        string.Equals(Path.TrimEndingDirectorySeparator(a), Path.TrimEndingDirectorySeparator(b), StringComparison.Ordinal);
}
