using System.Text.RegularExpressions;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Build;

/// <summary>
/// A member added to one of TableLoad's enums fails the build at every switch that must decide about it: a copy of
/// the program with members planted is built (<see cref="PlantedBuild"/>), and the compiler must name each of those switches (CS8509). A
/// default arm put back into any of them hides the new member, and this test fails.
/// </summary>
[Collection(PlantedBuildCollection.Name)]
public sealed partial class PlantedEnumMemberTests(PlantedBuild build, ITestOutputHelper log)
{
    [Fact]
    public void Build_WithAPlantedEnumMember_FailsAtEverySwitchThatMustDecide()
    {
        // Planted: TableOperation.Planted, KeyUse.Planted, ProbeVerdict.Planted, MergeRule.Planted, BatchClientKind.Planted and RunFigure.Planted.
        var (exitCode, output) = (build.ExitCode, build.Output);
        log.WriteLine($"dotnet build of the planted copy: exit {exitCode}");

        Assert.NotEqual(0, exitCode);
        var unhandled = Unhandled(output);
        string[] expected =
        [
            // A new operation is given its definition (Storage/Operations/), which names it, says what it does to the key space and sends it.
            "TableOperation.cs: TableOperation.Planted",
            // A new key use is told what it means to the key space, where every fact about it is a switch.
            "KeyUse.cs: KeyUse.Planted",
            "ProbeVerdictNames.cs: ProbeVerdict.Planted",
            "TuneCeiling.cs: ProbeVerdict.Planted",
            "BracketGuess.cs: ProbeVerdict.Planted",
            "TuneExplanation.cs: ProbeVerdict.Planted",
            "SummaryMerge.cs: MergeRule.Planted",
            // A third batch client is named and made where the two are; no ternary gives it the second's name.
            "BatchClientKind.cs: BatchClientKind.Planted",
            "BatchClientFactory.cs: BatchClientKind.Planted",
            // A new figure is declared in one place: its name, unit, value, interval, run-to-run share, compare lines and columns.
            "Figures.cs: RunFigure.Planted",
        ];
        Assert.All(expected, e => Assert.True(unhandled.Contains(e), $"No CS8509 for {e}; the build said:\n{output}"));
        // Everything else about an operation is its definition's: no other switch must decide about a new one.
        Assert.Equal(["TableOperation.cs: TableOperation.Planted"], unhandled.Where(u => u.EndsWith("TableOperation.Planted", StringComparison.Ordinal)));
    }

    /// <summary>"File.cs: Enum.Member" for each switch the compiler found not to handle a member.</summary>
    private static HashSet<string> Unhandled(string output) =>
        [.. from Match m in NotExhaustive().Matches(output)
            select $"{Path.GetFileName(m.Groups[1].Value)}: {m.Groups[2].Value}.{m.Groups[3].Value}"];

    [GeneratedRegex(@"([^\s:]+\.cs)\(\d+,\d+\): error CS8509: .*?'(?:[\w.]+\.)?(\w+)\.(\w+)'")]
    private static partial Regex NotExhaustive();
}
