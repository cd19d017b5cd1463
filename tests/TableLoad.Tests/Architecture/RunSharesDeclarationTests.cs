using System.Text.RegularExpressions;
using TableLoad.Measurement;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// The throttled and failed shares and the CPU per entity are computed in <see cref="RunShares"/> alone: a view that
/// computed its own copy could disagree with the others (tune once left throttled entities out of "failed" and the
/// warm-up out of the entities its CPU was spread over). The R scripts take what a throttle is from run.json's
/// outcome table, never from a list of names of their own.
/// </summary>
public sealed partial class RunSharesDeclarationTests
{
    private const string Declaration = "Measurement/RunShares.cs";

    [Fact]
    public void NoSourceOutsideRunShares_ComputesAShareOrACostPerEntity()
    {
        var faults = SourceFiles()
            .Where(f => Relative(f) != Declaration)
            .SelectMany(f => Faults(File.ReadAllText(f), Relative(f)))
            .ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void NoRScript_NamesTheThrottleOutcomes()
    {
        var throttles = OutcomeTable.Rows.Where(o => o.Throttle).Select(o => o.Name).ToList();
        var scripts = Directory.EnumerateFiles(Path.Combine(RepoRoot(), "analysis", "R"), "*.R");

        var faults = (from script in scripts
                      from name in throttles
                      where File.ReadAllText(script).Contains($"\"{name}\"", StringComparison.Ordinal)
                      select $"{Path.GetFileName(script)} names \"{name}\"").ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void Faults_OfPlantedCopies_AreFound()
    {
        const string source = """
            var throttled = OutcomeTable.Rows.Where(o => o.Throttle).Sum(o => counts[o.Outcome]);
            var share = batches > 0 ? throttled * 100.0 / batches : 0;
            var cpu = row.ClientCpuSeconds * 1e6 / row.Succeeded;
            var fine = RunShares.ThrottledPercent(throttled, batches);
            """;

        Assert.Equal(3, Faults(source, "planted.cs").Count());
    }

    private static IEnumerable<string> Faults(string source, string file) =>
        from line in CodeOnly.Of(source).Split('\n')
        where CopiedComputation().IsMatch(line)
        select $"{file}: {line.Trim()}";

    // A sum over the throttle outcomes, a count times 100 over another, or CPU seconds times 1e6 over the entities.
    [GeneratedRegex(@"\.Throttle\)|\*\s*100(?:\.0)?\s*/|\*\s*1e6\s*/\s*[\w.]*(?:[Ee]ntities|[Ss]ucceeded|[Ss]tored)\b")]
    private static partial Regex CopiedComputation();

    private static string Relative(string file) => Path.GetRelativePath(SourceRoot(), file).Replace('\\', '/');

    private static IEnumerable<string> SourceFiles() =>
        Directory.EnumerateFiles(SourceRoot(), "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    private static string SourceRoot() => Path.Combine(RepoRoot(), "src", "TableLoad");

    private static string RepoRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", ".."));
}
