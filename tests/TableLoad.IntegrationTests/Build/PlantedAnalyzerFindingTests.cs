using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Build;

/// <summary>
/// The analyzers run in the build with warnings as errors, under the repository's global.json, .editorconfig and
/// Directory.Build.props: a copy of the program with a file planted that breaks one .NET analyzer rule and two of
/// .editorconfig's style rules (<see cref="PlantedBuild"/>) must fail to build, naming each.
/// </summary>
[Collection(PlantedBuildCollection.Name)]
public sealed class PlantedAnalyzerFindingTests(PlantedBuild build, ITestOutputHelper log)
{
    [Fact]
    public void Build_WithAPlantedFinding_FailsNamingEachRule()
    {
        log.WriteLine($"dotnet build of the planted copy: exit {build.ExitCode}");

        Assert.NotEqual(0, build.ExitCode);
        // Planted.cs breaks CA1305 (a number parsed in the current culture), IDE0005 (an unused using) and IDE0161 (a block-scoped namespace).
        Assert.All(new[] { "CA1305", "IDE0005", "IDE0161" }, rule =>
            Assert.True(build.Output.Split('\n').Any(l => l.Contains("Planted.cs(", StringComparison.Ordinal) && l.Contains($"error {rule}:", StringComparison.Ordinal)),
                $"No error {rule} in Planted.cs; the build said:\n{build.Output}"));
    }
}
