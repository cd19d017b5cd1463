using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Build;

/// <summary>
/// The analyzers run in the build with warnings as errors, under the repository's global.json, .editorconfig and
/// Directory.Build.props: a copy of the program with a file planted that breaks one .NET analyzer rule and two of
/// .editorconfig's style rules must fail to build, naming each.
/// </summary>
public sealed class PlantedAnalyzerFindingTests(ITestOutputHelper log) : IDisposable
{
    private readonly ProgramCopy _copy = new();

    [Fact]
    public async Task Build_WithAPlantedFinding_FailsNamingEachRule()
    {
        _copy.PlantFile("Planted.cs", """
            using System.Text;

            namespace TableLoad.Workload
            {
                internal static class Planted
                {
                    public static int Count(string text) => int.Parse(text);
                }
            }
            """);

        var (exitCode, output) = await _copy.BuildAsync(analyzers: true);
        log.WriteLine($"dotnet build of the planted copy: exit {exitCode}");

        Assert.NotEqual(0, exitCode);
        // CA1305: a number parsed in the current culture; IDE0005: an unused using; IDE0161: a block-scoped namespace.
        Assert.All(new[] { "CA1305", "IDE0005", "IDE0161" }, rule =>
            Assert.True(output.Split('\n').Any(l => l.Contains("Planted.cs(", StringComparison.Ordinal) && l.Contains($"error {rule}:", StringComparison.Ordinal)),
                $"No error {rule} in Planted.cs; the build said:\n{output}"));
    }

    public void Dispose() => _copy.Dispose();
}
