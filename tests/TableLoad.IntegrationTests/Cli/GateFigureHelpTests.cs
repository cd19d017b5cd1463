using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement.Gates;

namespace TableLoad.IntegrationTests.Cli;

/// <summary>
/// run --help lists the figures the gates take from their declarations: --fail-if every figure, --abort-if those measured
/// each second and no other (it refuses the rest), so a newly declared figure is listed without editing the help.
/// </summary>
public sealed partial class GateFigureHelpTests
{
    [Fact]
    public async Task RunHelp_FailIf_ListsEveryDeclaredFigure()
    {
        var description = await DescriptionAsync("--fail-if");

        var listed = FigureWords(Between(description, "Figures: ", "; "));
        Assert.Equal(Figures.All.Select(f => f.Name), listed);
    }

    [Fact]
    public async Task RunHelp_AbortIf_ListsExactlyTheFiguresMeasuredEachSecond()
    {
        var description = await DescriptionAsync("--abort-if");

        var listed = FigureWords(Between(description, "EXPR is a --fail-if condition (", ")"));
        Assert.Equal(Figures.All.Where(f => f.Reach == FigureReach.EachPart).Select(f => f.Name), listed);
    }

    // The option's description as run --help prints it, its lines joined should the help be wrapped.
    private static async Task<string> DescriptionAsync(string option)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--help"], null);
        Assert.Equal((0, ""), (exitCode, stderr));

        var lines = stdout.Split('\n').Select(l => l.TrimEnd()).ToList();
        var first = lines.FindIndex(l => l.TrimStart().StartsWith(option + " ", StringComparison.Ordinal));
        Assert.True(first >= 0, stdout);
        var own = lines.Skip(first + 1).TakeWhile(l => l.Length > 0 && !l.TrimStart().StartsWith('-'));
        return string.Join(" ", new[] { lines[first] }.Concat(own).Select(l => l.Trim()));
    }

    private static string Between(string text, string start, string end)
    {
        var at = text.IndexOf(start, StringComparison.Ordinal);
        Assert.True(at >= 0, $"'{start}' is not in: {text}");
        at += start.Length;
        var until = text.IndexOf(end, at, StringComparison.Ordinal);
        Assert.True(until >= 0, $"'{end}' does not follow '{start}' in: {text}");
        return text[at..until];
    }

    // The names in a list, without the notes in brackets that say how each is written.
    private static List<string> FigureWords(string list) =>
        [.. Note().Replace(list, "").Split(',', StringSplitOptions.TrimEntries)];

    [GeneratedRegex(@"\([^)]*\)")]
    private static partial Regex Note();
}
