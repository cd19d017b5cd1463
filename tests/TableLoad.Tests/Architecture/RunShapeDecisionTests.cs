using System.Text.RegularExpressions;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// A run's shape, a sweep cell's and a client are types (RunWorkload, CellWorkload, CellLoad, BatchClientKind, ComparisonSide), decided
/// by their Match or a switch: no string comparison decides them (<c>Client == "sdk"</c>), and no null test of a mix or of scenarios
/// does (<c>Mix == null</c>): a load's operations are a LoadOperations (a single operation is a mix of one) and a run is a list of
/// scenarios, one unnamed for a run of one load.
/// </summary>
public sealed partial class RunShapeDecisionTests
{
    // Where a summary.json's text becomes a RunWorkload: the one place a run's shape is read from a string.
    private static readonly string Builder = Path.Combine("Settings", "RunWorkload.cs");

    [Fact]
    public void NoSourceFile_DecidesAShape_ACell_OrAClient_ByAStringOrByANullMixOrScenarios()
    {
        var root = SourceRoot();
        var faults = Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(root, f))
            .Where(f => !f.StartsWith("obj", StringComparison.Ordinal) && f != Builder)
            .Select(f => (File: f, Found: Decisions(File.ReadAllText(Path.Combine(root, f)))))
            .Where(f => f.Found.Count > 0)
            .Select(f => $"{f.File}: {string.Join("; ", f.Found)}")
            .ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void Decisions_InPlantedCode_AreFound()
    {
        const string source = """
            var remedy = load.Client == "sdk" ? 1 : 2;
            var wire = "wire" != settings.BatchClient;
            var mixed = cell.Operation is "mix";
            var one = settings.Mix == null;
            var many = settings.Scenarios is not null;
            var lone = settings is { Scenarios: null };
            var side = slice.OnlyOn == "base";
            var fine = load.Client switch { BatchClientKind.Sdk => 1, BatchClientKind.Wire => 2 };
            var alsoFine = summary.Workload.IsOneLoad;
            var text = $"client {load.Client}";
            """;

        Assert.Equal(7, Decisions(source).Count);
    }

    private static List<string> Decisions(string source) => [.. Decision().Matches(CodeOnly.Of(source)).Select(m => m.Value)];

    private static string SourceRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "src", "TableLoad"));

    // A mix or scenarios tested for null; or a client, operation, workload or side compared with a literal (left as "" by CodeOnly).
    [GeneratedRegex(@"\b(?:Mix|Scenarios)\s*(?:[!=]=\s*null|is\s+(?:not\s+)?null)\b|\b(?:Mix|Scenarios):\s*(?:not\s+)?null\b|\b\w*(?:Client|Operation|Workload|OnlyOn)\s*(?:[!=]=|is(?:\s+not)?)\s*""|""\s*[!=]=\s*[\w.]*(?:Client|Operation|Workload|OnlyOn)\b")]
    private static partial Regex Decision();
}
