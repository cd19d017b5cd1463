namespace TableLoad.Service.Log;

/// <summary>The log in a local file, or a folder of files read in path order (<c>resourceId=…/PT1H.json</c> or <c>$logs/table/…</c> as downloaded).</summary>
internal sealed class LogFileLines(string path) : IServiceLogLines
{
    // Downloaded files are the user's choice of hours: all of them are read.
    public IEnumerable<string> Lines(IReadOnlyCollection<DateTimeOffset> hours) => Files().SelectMany(File.ReadLines);

    private IEnumerable<string> Files() => File.Exists(path)
        ? [path]
        : Directory.EnumerateFiles(path, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal);
}
