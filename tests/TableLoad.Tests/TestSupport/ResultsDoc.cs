using System.Text.RegularExpressions;

namespace TableLoad.Tests.TestSupport;

/// <summary>Reads the result file contract, docs/results.md, from the repository the tests were built in.</summary>
internal static partial class ResultsDoc
{
    /// <summary>The backquoted names in the first column of the table under the heading that mentions <paramref name="fileName"/>, in order.</summary>
    public static IReadOnlyList<string> FieldNames(string fileName)
    {
        var lines = File.ReadAllLines(Path());
        var heading = Array.FindIndex(lines, l => l.StartsWith("## ", StringComparison.Ordinal) && l.Contains($"`{fileName}`", StringComparison.Ordinal));
        Assert.True(heading >= 0, $"docs/results.md has no section for {fileName}.");

        var names = new List<string>();
        var rows = lines.Skip(heading + 1).TakeWhile(l => !l.StartsWith("## ", StringComparison.Ordinal)).Where(l => l.StartsWith('|'));
        foreach (var row in rows.Skip(2))
        {
            var firstCell = row.Split('|')[1];
            names.AddRange(BackquotedName().Matches(firstCell).Select(m => m.Groups[1].Value));
        }

        return names;
    }

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
