using System.CommandLine;
using TableLoad.Reporting;

namespace TableLoad.Cli;

/// <summary>
/// The paths a command writes to, checked before anything runs: a folder cannot be made where a file stands or
/// under one, a file cannot be written where a folder stands, under a file, or over the command's own result files,
/// and nothing is given where this process cannot make a file. Nothing is left behind here.
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

        return errors.Require(option, !string.IsNullOrWhiteSpace(path), $"{option.Name} is empty; give a folder, such as results/first.")
            && errors.Require(option, !File.Exists(path), $"{option.Name} {path} is a file, so no folder of results can be made there; give a folder.")
            && errors.Require(option, FileAbove(path) is not { } file, $"{option.Name} {path} lies under the file {FileAbove(path)}, so no folder can be made there.")
            && CheckWritable(errors, option, path, Path.GetFullPath(path));
    }

    /// <summary>Refuses a file the command would write; true when it can be written.</summary>
    /// <param name="outputFolder">The folder of the command's result files, which the file must not be, replace or lie under.</param>
    public static bool CheckFile(UsageErrors errors, Option option, string? path, string? outputFolder)
    {
        if (path is null)
        {
            return true;
        }

        if (!errors.Require(option, !string.IsNullOrWhiteSpace(path), $"{option.Name} is empty; give the file to write, such as results/gates.xml."))
        {
            return false;
        }

        var full = Path.GetFullPath(path);
        var output = string.IsNullOrWhiteSpace(outputFolder) ? null : Path.GetFullPath(outputFolder);
        var isOutput = output is not null && SamePath(full, output);
        var resultFile = output is null ? null : ResultFileAtOrAbove(full, output);
        return errors.Require(option, !Directory.Exists(path) && !isOutput, $"{option.Name} {path} is a folder; give the file to write, such as {Path.Combine(path, "gates.xml")}.")
            && errors.Require(option, FileAbove(path) is null, $"{option.Name} {path} lies under the file {FileAbove(path)}, so it cannot be written; give a path in a folder.")
            && errors.Require(option, resultFile is null, $"{option.Name} {path} is or lies under {resultFile}, a result file of the run; give a path beside them, such as {Path.Combine(outputFolder ?? "", "gates.xml")}.")
            && CheckWritable(errors, option, path, Path.GetDirectoryName(full) ?? full);
    }

    /// <summary>
    /// Refuses a folder that already holds result files, which the command would overwrite or mix with its own;
    /// true when it holds none.
    /// </summary>
    /// <param name="resumable">The command's own files, which its --resume decides about (<c>ResumableFolder</c>).</param>
    public static bool CheckNoEarlierResults(UsageErrors errors, Option option, string path, params string[] resumable)
    {
        // An empty file (or a named pipe a reader waits on) holds nothing to lose.
        var earlier = Directory.Exists(path)
            ? Directory.EnumerateFiles(path).Where(f => new FileInfo(f).Length > 0).Select(Path.GetFileName).OfType<string>()
                .Where(n => IsResultFile(n) && !resumable.Contains(n, StringComparer.Ordinal)).Order(StringComparer.Ordinal).FirstOrDefault()
            : null;
        return errors.Require(option, earlier is null,
            $"{option.Name} {path} already holds results ({earlier}) that this command would overwrite; choose another {option.Name}, or delete that folder first.");
    }

    /// <summary>Refuses an output folder that is, holds or lies inside one of the folders a command reads; true when it is apart from them all.</summary>
    public static bool CheckApartFrom(UsageErrors errors, Option option, string path, IEnumerable<string> inputs)
    {
        var output = Path.TrimEndingDirectorySeparator(Path.GetFullPath(path));
        foreach (var input in inputs)
        {
            var read = Path.TrimEndingDirectorySeparator(Path.GetFullPath(input));
            var relation = SamePath(output, read) ? "is" : IsUnder(read, output) ? "holds" : IsUnder(output, read) ? "lies inside" : null;
            if (relation is not null)
            {
                return errors.Require(option, false, $"{option.Name} {path} {relation} the input folder {input}, whose files the merge would overwrite; give a folder apart from the inputs.");
            }
        }

        return true;
    }

    /// <summary>Refuses <paramref name="path"/> when no file can be made in the nearest folder that exists at or above <paramref name="from"/>.</summary>
    private static bool CheckWritable(UsageErrors errors, Option option, string path, string from)
    {
        var folder = NearestFolder(from);
        return errors.Require(option, folder is not null && CanMakeFileIn(folder),
            $"{option.Name} {path} cannot be written: no file can be made in {folder ?? "any folder above it"}; give a path you can write to.");
    }

    private static string? NearestFolder(string full)
    {
        for (var at = full; !string.IsNullOrEmpty(at); at = Path.GetDirectoryName(at))
        {
            if (Directory.Exists(at))
            {
                return at;
            }
        }

        return null;
    }

    // Permissions say too little (root, read-only mounts, /proc): making a file and deleting it is the answer itself.
    private static bool CanMakeFileIn(string folder)
    {
        try
        {
            using var probe = new FileStream(Path.Combine(folder, $".tableload-probe-{Guid.NewGuid():N}"), FileMode.CreateNew, FileAccess.Write, FileShare.None, 1, FileOptions.DeleteOnClose);
            return true;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return false;
        }
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
    [
        ResultFiles.RunJson, ResultFiles.SummaryJson, ResultFiles.SweepCsv, ResultFiles.SweepJson, ResultFiles.TuneCsv, ResultFiles.TuneJson,
        ResultFiles.RoundsJson, ResultFiles.ComparisonJson,
    ];

    // batches.csv or batches-<k>.csv of process k; intervals.csv and latency.hlog, or those of one operation of a mix.
    private static bool IsResultFile(string name) =>
        ResultFileNames.Contains(name, StringComparer.Ordinal)
        || NamedLike(name, "batches", ".csv") || NamedLike(name, "intervals", ".csv") || NamedLike(name, "latency", ".hlog");

    private static bool NamedLike(string name, string stem, string extension) =>
        name.StartsWith(stem, StringComparison.Ordinal) && name.EndsWith(extension, StringComparison.Ordinal);

    private static bool IsUnder(string path, string folder) =>
        path.StartsWith(folder + Path.DirectorySeparatorChar, StringComparison.Ordinal);

    private static bool SamePath(string a, string b) =>
        string.Equals(Path.TrimEndingDirectorySeparator(a), Path.TrimEndingDirectorySeparator(b), StringComparison.Ordinal);
}
