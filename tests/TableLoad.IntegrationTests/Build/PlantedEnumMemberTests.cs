using System.Diagnostics;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Build;

/// <summary>
/// A member added to one of TableLoad's enums fails the build at every switch that must decide about it: a copy of
/// the program with members planted is built, and the compiler must name each of those switches (CS8509). A
/// default arm put back into any of them hides the new member, and this test fails.
/// </summary>
public sealed partial class PlantedEnumMemberTests(ITestOutputHelper log) : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(8);
    private readonly string _work = Directory.CreateTempSubdirectory("tableload-planted-").FullName;

    [Fact]
    public async Task Build_WithAPlantedEnumMember_FailsAtEverySwitchThatMustDecide()
    {
        var project = CopyProgram();
        Plant(project, Path.Combine("Storage", "BatchOperation.cs"), "BatchOperation", "Delete");
        Plant(project, Path.Combine("Tune", "ProbeVerdict.cs"), "ProbeVerdict", "Planted");
        Plant(project, Path.Combine("Measurement", "MergeRule.cs"), "MergeRule", "Planted");

        var (exitCode, output) = await BuildAsync(project);

        Assert.NotEqual(0, exitCode);
        var unhandled = Unhandled(output);
        string[] expected =
        [
            "BatchOperation.cs: BatchOperation.Delete",
            "SdkBatchSender.cs: BatchOperation.Delete",
            "SubRequestHead.cs: BatchOperation.Delete",
            "ProbeVerdictNames.cs: ProbeVerdict.Planted",
            "TuneCeiling.cs: ProbeVerdict.Planted",
            "BracketGuess.cs: ProbeVerdict.Planted",
            "TuneExplanation.cs: ProbeVerdict.Planted",
            "SummaryMerge.cs: MergeRule.Planted",
        ];
        Assert.All(expected, e => Assert.True(unhandled.Contains(e), $"No CS8509 for {e}; the build said:\n{output}"));
    }

    /// <summary>The program's sources with the repository's build settings above them, as the real tree has them.</summary>
    private string CopyProgram()
    {
        var root = AzuriteFixture.FindRepoRoot();
        foreach (var file in new[] { "Directory.Build.props", "Directory.Packages.props", "global.json", ".editorconfig" }.Where(f => File.Exists(Path.Combine(root, f))))
        {
            File.Copy(Path.Combine(root, file), Path.Combine(_work, file));
        }

        var source = Path.Combine(root, "src", "TableLoad");
        var project = Path.Combine(_work, "src", "TableLoad");
        foreach (var file in Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(source, file);
            if (relative.Split(Path.DirectorySeparatorChar)[0] is "bin" or "obj")
            {
                continue;
            }

            var target = Path.Combine(project, relative);
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(file, target);
        }

        return project;
    }

    /// <summary>Adds <paramref name="member"/> as the last member of the enum <paramref name="type"/> declared in <paramref name="file"/>.</summary>
    private static void Plant(string project, string file, string type, string member)
    {
        var path = Path.Combine(project, file);
        var text = File.ReadAllText(path);
        var declaration = text.IndexOf($"enum {type}", StringComparison.Ordinal);
        Assert.True(declaration >= 0, $"{file} declares no enum {type}.");
        var end = text.IndexOf("\n}", declaration, StringComparison.Ordinal);
        File.WriteAllText(path, text[..end] + $"\n\n    {member}," + text[end..]);
    }

    private async Task<(int ExitCode, string Output)> BuildAsync(string project)
    {
        var info = new ProcessStartInfo("dotnet") { WorkingDirectory = _work };
        // Analyzers add nothing to a compiler error and take the longest on a busy machine.
        foreach (var arg in new[] { "build", project, "-c", "Release", "--nologo", "-v", "quiet", "-clp:NoSummary", "-p:RunAnalyzers=false" })
        {
            info.ArgumentList.Add(arg);
        }

        var (exitCode, stdout, stderr) = await ChildProcess.RunAsync(info, Limit);
        log.WriteLine($"dotnet build of the planted copy: exit {exitCode}");
        return (exitCode, stdout + stderr);
    }

    /// <summary>"File.cs: Enum.Member" for each switch the compiler found not to handle a member.</summary>
    private static HashSet<string> Unhandled(string output) =>
        [.. from Match m in NotExhaustive().Matches(output)
            select $"{Path.GetFileName(m.Groups[1].Value)}: {m.Groups[2].Value}.{m.Groups[3].Value}"];

    [GeneratedRegex(@"([^\s:]+\.cs)\(\d+,\d+\): error CS8509: .*?'(?:[\w.]+\.)?(\w+)\.(\w+)'")]
    private static partial Regex NotExhaustive();

    public void Dispose() => Directory.Delete(_work, recursive: true);
}
