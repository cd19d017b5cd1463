using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>
/// Every path a command writes, through the command line: one that cannot be written, or a folder that holds earlier results
/// or a merge's own inputs, is one sentence and exit 2 before any request; a write that fails after the load still deletes the table.
/// </summary>
[Collection(AzuriteCollection.Name)]
public sealed class OutputPathTests(AzuriteFixture azurite) : IDisposable
{
    private const string Unwritable = "/proc/tableload-x";
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-paths-").FullName;

    private static readonly string[] Rounds = ["compare", "--rounds", "2", "--base", "--tasks 1", "--new", "--tasks 2", "--duration", "1s"];

    [Theory]
    [InlineData("run", "--output")]
    [InlineData("sweep", "--output")]
    [InlineData("tune", "--output")]
    [InlineData("compare", "--output")]
    [InlineData("run", "--junit")]
    public async Task APathNoFileCanBeMadeIn_IsOneSentence_Exit2_BeforeAnyRequest(string command, string option)
    {
        var args = (command, option) switch
        {
            ("run", "--junit") => ["run", "--duration", "1s", "--output", Path.Combine(_root, "out"), "--fail-if", "p99<5s", "--junit", Unwritable + ".xml"],
            ("compare", _) => [.. Rounds, "--output", Unwritable],
            ("sweep", _) => ["sweep", "--tasks", "1,2", "--duration", "1s", "--output", Unwritable],
            _ => new[] { command, "--duration", "1s", "--output", Unwritable },
        };
        var path = option == "--junit" ? Unwritable + ".xml" : Unwritable;

        await RefusedRun.AssertCommandRefusedAsync($"{option} {path} cannot be written: no file can be made in /proc; give a path you can write to.", args);
    }

    [Theory]
    [InlineData("--output")]
    [InlineData("--junit")]
    public async Task AnEmptyPath_IsOneSentence_Exit2_BeforeAnyRequest(string option)
    {
        string[] args = option == "--output" ? ["--output", ""] : ["--output", Path.Combine(_root, "out"), "--fail-if", "p99<5s", "--junit", ""];
        var expected = option == "--output" ? "--output is empty; give a folder, such as results/first." : "--junit is empty; give the file to write, such as results/gates.xml.";

        await RefusedRun.AssertRefusedAsync(expected, args);
    }

    [Theory]
    [InlineData("run", "summary.json")]
    [InlineData("run", "latency-read.hlog")]
    [InlineData("sweep", "run.json")]
    [InlineData("tune", "sweep.csv")]
    [InlineData("compare", "rounds.json")]
    public async Task AFolderThatHoldsEarlierResults_IsRefused_Exit2_AndKeepsItsFiles(string command, string earlier)
    {
        var folder = Directory.CreateDirectory(Path.Combine(_root, "earlier")).FullName;
        var file = Path.Combine(folder, earlier);
        await File.WriteAllTextAsync(file, "the earlier run's");
        var args = command switch
        {
            "compare" => [.. Rounds, "--output", folder],
            "sweep" => ["sweep", "--tasks", "1,2", "--duration", "1s", "--output", folder],
            _ => new[] { command, "--duration", "1s", "--output", folder },
        };

        await RefusedRun.AssertCommandRefusedAsync(
            $"--output {folder} already holds results ({earlier}) that this command would overwrite; choose another --output, or delete that folder first.", args);
        Assert.Equal("the earlier run's", await File.ReadAllTextAsync(file));
    }

    [Fact]
    public async Task AReportWhoseOutputIsHoldsOrLiesInsideAnInput_OrCannotBeWritten_IsRefused_AndTheInputKeepsItsData()
    {
        var input = Path.Combine(_root, "a");
        var run = await TableLoadProcess.RunAsync(
            ["run", "--tasks", "2", "--batch-size", "20", "--batches", "4", "--duration", "60s", "--warmup", "0s", "--quiet", "--output", input], azurite.ConnectionString);
        Assert.True(run.ExitCode == 0, run.Stdout + run.Stderr);
        var before = Directory.GetFiles(input).ToDictionary(f => f, File.ReadAllBytes);
        var earlierMerge = Directory.CreateDirectory(Path.Combine(_root, "merged")).FullName;
        await File.WriteAllTextAsync(Path.Combine(earlierMerge, "summary.json"), "{}");

        foreach (var (output, expected) in new[]
        {
            (input, $"--output {input} is the input folder {input}, whose files the merge would overwrite; give a folder apart from the inputs."),
            (_root, $"--output {_root} holds the input folder {input}, whose files the merge would overwrite; give a folder apart from the inputs."),
            (Path.Combine(input, "merged"), $"--output {Path.Combine(input, "merged")} lies inside the input folder {input}, whose files the merge would overwrite; give a folder apart from the inputs."),
            (earlierMerge, $"--output {earlierMerge} already holds results (summary.json) that this command would overwrite; choose another --output, or delete that folder first."),
            (Unwritable, $"--output {Unwritable} cannot be written: no file can be made in /proc; give a path you can write to."),
        })
        {
            var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["report", input, "--output", output], null);

            Assert.True(exitCode == 2, stdout + stderr);
            Assert.Equal(expected, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)));
        }

        Assert.Equal(before.Keys.Order(), Directory.GetFiles(input).Order());
        Assert.All(before, file => Assert.Equal(file.Value, File.ReadAllBytes(file.Key)));
    }

    [Fact]
    public async Task AJunitFileThatCannotBeWrittenAfterTheLoad_IsSaidWithWhatWasWritten_AndTheTableIsStillDeleted()
    {
        var table = StoredEntities.NewTableName("unwritten");
        var output = Path.Combine(_root, "out");
        // The JUnit file's folder does not exist when the paths are checked; a file put there during the load stops its write.
        var junitFolder = Path.Combine(_root, "gates");
        var junit = Path.Combine(junitFolder, "gates.xml");
        using var process = TableLoadProcess.Start(
            ["run", "--table", table, "--tasks", "2", "--batch-size", "20", "--rate", "200", "--duration", "3s", "--warmup", "0s", "--quiet", "--output", output, "--fail-if", "p99<5s", "--junit", junit],
            azurite.ConnectionString);
        // The output folder is made once the paths were checked and the table made, before the load.
        while (!Directory.Exists(output) && !process.HasExited)
        {
            await Task.Delay(20);
        }

        await File.WriteAllTextAsync(junitFolder, "in the way");
        var exitCode = await process.WaitForExitAsync(TimeSpan.FromMinutes(2));

        Assert.True(exitCode == 1, process.StandardOutput + process.StandardError);
        var said = Assert.Single(process.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries), l => l.StartsWith("Could not write", StringComparison.Ordinal));
        Assert.StartsWith("Could not write the results (", said, StringComparison.Ordinal);
        Assert.Contains($"{output} holds only ", said, StringComparison.Ordinal);
        Assert.EndsWith($"and the JUnit file {junit} was not written.", said, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", process.StandardError, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(output, "summary.json")));
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "the run's table must be deleted after a write that failed");
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
