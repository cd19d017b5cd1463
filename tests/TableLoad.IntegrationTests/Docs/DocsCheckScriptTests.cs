using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Docs;

/// <summary>scripts/docs-check.sh, which CI runs over README.md and docs/, fails on what a reader would trip over.</summary>
public sealed class DocsCheckScriptTests
{
    private const string Fence = "```";

    [Fact]
    public async Task BadDocument_FailsOnTheRefusedCommand_TheMissingFile_AndTheUnmarkedBlock_ButNotOnAPassingValidation()
    {
        var doc = await WriteDocAsync("guide.md",
            "<!-- runnable: local; expects: results/never-written.txt -->",
            $"{Fence}bash",
            "tableload run --batch-size 101",
            Fence,
            "",
            $"{Fence}bash",
            "echo this block has no marker",
            Fence,
            "",
            "<!-- runnable: validate -->",
            $"{Fence}bash",
            "tableload run --tasks 2",
            Fence);

        var (exitCode, output) = await RunCheckAsync(doc);

        Assert.Equal(1, exitCode);
        Assert.Contains("guide.md:3: `tableload run --batch-size 101 --duration 1s --warmup 0s` exited 2, expected 0", output, StringComparison.Ordinal);
        Assert.Contains("promised results/never-written.txt, which the block did not write", output, StringComparison.Ordinal);
        Assert.Contains("guide.md:6: a shell block without <!-- runnable: ... -->", output, StringComparison.Ordinal);
        Assert.DoesNotContain("guide.md:12:", output, StringComparison.Ordinal);
        Assert.Contains("docs: 2 commands, 1 promised files in 2 blocks, 1 passed, 3 failed", output, StringComparison.Ordinal);
        Directory.Delete(Path.GetDirectoryName(doc)!, recursive: true);
    }

    [Fact]
    public async Task AStagePlan_RunsEachStageForASecond_AsARunWithoutOneRunsForASecondInAll_UnlessAnAbortIfWindowNeedsThePlan_LongerWhereGatesReadItOrAPlotIsPromised()
    {
        var doc = await WriteDocAsync("stages.md",
            "<!-- runnable: local -->",
            $"{Fence}bash",
            "tableload run --rate 200 --stages 3s:200,1m:400,500ms:100 --batch-size 10",
            "tableload run --tasks 2 --duration 2m --warmup 30s",
            "tableload run --rate 500 --stages 60s:4000 --abort-if \"throttled>5% for 5s\"",
            Fence,
            "",
            "<!-- runnable: local -->",
            $"{Fence}bash",
            "tableload run --tasks 2 --output results/a",
            "tableload run --tasks 4 --output results/b --fail-if \"p99<5s\"",
            Fence,
            "",
            "<!-- runnable: local; expects: results/c/throughput.png -->",
            $"{Fence}bash",
            "tableload run --tasks 2 --duration 5s --output results/c",
            "tableload run --tasks 2 --output results/d",
            Fence);

        var (exitCode, output) = await RunCheckAsync("--list", doc);

        Assert.Equal(0, exitCode);
        Assert.Contains("tableload run --rate 200 --stages 1s:200,1s:400,1s:100 --batch-size 10 --warmup 0s\n", output, StringComparison.Ordinal);
        Assert.Contains("tableload run --tasks 2 --duration 1s --warmup 0s\n", output, StringComparison.Ordinal);
        // A 1 s plan would be refused: a 5 s window does not fit in it.
        Assert.Contains("tableload run --rate 500 --stages 60s:4000 --abort-if \"throttled>5% for 5s\" --warmup 0s\n", output, StringComparison.Ordinal);
        // A block whose gate reads the figures gives each of its runs a warm-up second and two measured ones, so that start-up is not
        // all it reads.
        Assert.Contains("tableload run --tasks 2 --output results/a --duration 2s --warmup 1s\n", output, StringComparison.Ordinal);
        Assert.Contains("tableload run --tasks 4 --output results/b --fail-if \"p99<5s\" --duration 2s --warmup 1s\n", output, StringComparison.Ordinal);
        // A block that promises a plot keeps the duration it types, after a warm-up second: a plot needs measured requests.
        Assert.Contains("tableload run --tasks 2 --duration 5s --output results/c --warmup 1s\n", output, StringComparison.Ordinal);
        Assert.Contains("tableload run --tasks 2 --output results/d --duration 1s --warmup 1s\n", output, StringComparison.Ordinal);
        Directory.Delete(Path.GetDirectoryName(doc)!, recursive: true);
    }

    /// <summary>A document of <paramref name="lines"/> in a folder of its own, which the test deletes.</summary>
    private static async Task<string> WriteDocAsync(string name, params string[] lines)
    {
        var doc = Path.Combine(Directory.CreateTempSubdirectory("tableload-docs-").FullName, name);
        await File.WriteAllTextAsync(doc, string.Join('\n', [.. lines, ""]));
        return doc;
    }

    private static async Task<(int ExitCode, string Output)> RunCheckAsync(params string[] args)
    {
        var (exitCode, stdout, stderr) = await BashScript.RunAsync(
            Path.Combine(AzuriteFixture.FindRepoRoot(), "scripts", "docs-check.sh"), args,
            new Dictionary<string, string?> { ["TABLELOAD_CONNECTION_STRING"] = null }, TimeSpan.FromMinutes(2));
        return (exitCode, stdout + stderr);
    }
}
