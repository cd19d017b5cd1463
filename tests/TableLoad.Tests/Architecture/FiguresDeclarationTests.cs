using System.Text.RegularExpressions;
using TableLoad.Measurement.Gates;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// Each figure's facts are declared once, in <see cref="Figures"/>: a switch arm on a figure or a list of figures anywhere else
/// is a second declaration that a new figure could miss (compare once listed its figures in two files, and the gates in five).
/// </summary>
public sealed partial class FiguresDeclarationTests
{
    private const string Declaration = "Measurement/Gates/Figures.cs";

    [Fact]
    public void NoSourceOutsideFigures_DecidesByFigureOrListsFigures()
    {
        var faults = Directory.EnumerateFiles(SourceRoot(), "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Where(f => Relative(f) != Declaration)
            .SelectMany(f => Faults(File.ReadAllText(f), Relative(f)))
            .ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void Faults_OfPlantedCopies_AreFound()
    {
        const string source = """
            RunFigure.P99 => 0.10,
            RunFigure.P50 or RunFigure.P90 => true,
            IReadOnlyList<RunFigure> Compared = [RunFigure.Eps, RunFigure.P99];
            var fine = RunIntervals.Of(summary, RunFigure.P99);
            """;

        Assert.Equal(3, Faults(source, "planted.cs").Count());
    }

    private static IEnumerable<string> Faults(string source, string file) =>
        from line in CodeOnly.Of(source).Split('\n')
        where SecondDeclaration().IsMatch(line)
        select $"{file}: {line.Trim()}";

    // A switch arm (RunFigure.P99 =>, RunFigure.P50 or ...) or two figures side by side in a list.
    [GeneratedRegex(@"RunFigure\.\w+\s*(?:=>|\bor\b|,\s*RunFigure\.)")]
    private static partial Regex SecondDeclaration();

    private static string Relative(string file) => Path.GetRelativePath(SourceRoot(), file).Replace('\\', '/');

    private static string SourceRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "src", "TableLoad"));
}
