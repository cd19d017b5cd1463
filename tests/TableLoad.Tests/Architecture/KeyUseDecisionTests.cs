using System.Text.RegularExpressions;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// What a key use means is decided by a switch that names every member (Storage/KeyUse.cs), never by <c>use == KeyUse.Deletes</c> or
/// <c>use is KeyUse.Reads or KeyUse.Updates</c>: a new key use would fall silently on one side of such a test, where the switch fails
/// the build (CS8509).
/// </summary>
public sealed partial class KeyUseDecisionTests
{
    [Fact]
    public void NoSourceFile_TestsAKeyUseForAMember()
    {
        var root = SourceRoot();
        var faults = Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(root, f))
            .Where(f => !f.StartsWith("obj", StringComparison.Ordinal))
            .SelectMany(f => Tests(File.ReadAllText(Path.Combine(root, f))).Select(t => $"{f}: {t}"))
            .ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void Tests_InPlantedCode_AreFound()
    {
        const string source = """
            var gone = operation.KeyUse() == KeyUse.Deletes;
            var kept = KeyUse.Reads != use;
            var drawn = use is KeyUse.Reads or KeyUse.Updates;
            var stored = operation.KeyUse() is not Storage.KeyUse.WritesNew;
            var fine = use switch { KeyUse.Deletes => true, KeyUse.Reads => false };
            var alsoFine = use.Removes();
            """;

        Assert.Equal(4, Tests(source).Count);
    }

    private static List<string> Tests(string source) => [.. MemberTest().Matches(CodeOnly.Of(source)).Select(m => m.Value)];

    private static string SourceRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "src", "TableLoad"));

    // An equality with a KeyUse member on either side, or an is-pattern that names one.
    [GeneratedRegex(@"(?:[!=]=|\bis(?:\s+not)?)\s*(?:Storage\.)?KeyUse\.\w+|\bKeyUse\.\w+\s*[!=]=")]
    private static partial Regex MemberTest();
}
