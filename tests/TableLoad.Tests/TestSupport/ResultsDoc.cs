using System.Text.RegularExpressions;

namespace TableLoad.Tests.TestSupport;

/// <summary>Reads the result file contract, docs/results.md, from the repository the tests were built in.</summary>
internal static partial class ResultsDoc
{
    /// <summary>The backquoted names in the first column of the table under the heading that mentions <paramref name="fileName"/>, in order.</summary>
    public static IReadOnlyList<string> FieldNames(string fileName) => Rows(fileName).SelectMany(r => r.Names).ToList();

    /// <summary>The rows of the table under the heading that mentions <paramref name="fileName"/>: the names of the first column and the backquoted names of the rest.</summary>
    public static IReadOnlyList<(IReadOnlyList<string> Names, IReadOnlyList<string> Mentioned)> Rows(string fileName) =>
        Cells(l => l.Contains($"`{fileName}`", StringComparison.Ordinal), fileName).Select(cells =>
            ((IReadOnlyList<string>)Backquoted(cells[0]), (IReadOnlyList<string>)Backquoted(string.Join('|', cells.Skip(1))))).ToList();

    /// <summary>The cells of each row of the table under the heading that begins with <paramref name="heading"/>, trimmed.</summary>
    public static IReadOnlyList<string[]> CellsUnder(string heading) => Cells(l => l.StartsWith($"## {heading}", StringComparison.Ordinal), heading);

    /// <summary>The backquoted names in a cell, in order.</summary>
    public static IReadOnlyList<string> Names(string cell) => Backquoted(cell);

    private static List<string[]> Cells(Func<string, bool> isHeading, string section)
    {
        var lines = File.ReadAllLines(Path());
        var heading = Array.FindIndex(lines, l => l.StartsWith("## ", StringComparison.Ordinal) && isHeading(l));
        Assert.True(heading >= 0, $"docs/results.md has no section for {section}.");

        var rows = lines.Skip(heading + 1).TakeWhile(l => !l.StartsWith("## ", StringComparison.Ordinal)).Where(l => l.StartsWith('|'));
        return rows.Skip(2).Select(row => row.Split('|')[1..^1].Select(c => c.Trim()).ToArray()).ToList();
    }

    private static List<string> Backquoted(string text) => BackquotedName().Matches(text).Select(m => m.Groups[1].Value).ToList();

    private static string Path()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            var candidate = System.IO.Path.Combine(dir.FullName, "docs", "results.md");
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new FileNotFoundException("docs/results.md not found above " + AppContext.BaseDirectory);
    }

    [GeneratedRegex("`([^`]+)`")]
    private static partial Regex BackquotedName();
}
