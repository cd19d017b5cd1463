using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>Bad input as a user types it, each answered in TableLoad's words: one sentence per fault, exit 2, before any request.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class InputFaultTests(AzuriteFixture azurite)
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(2);

    [Fact]
    public async Task MistypedOption_IsOneSentence_NamingTheOptionMeant_ExitTwo()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--task", "4"], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        var line = Assert.Single(Lines(stderr));
        Assert.Equal("Unknown option '--task' (did you mean --tasks?); see 'tableload run --help'.", line);
    }

    [Fact]
    public async Task WrongKindInAVariable_NamesTheVariable_InTableLoadsWords_ExitTwo()
    {
        using var process = TableLoadProcess.Start(["run"], azurite.ConnectionString, ("TABLELOAD_TASKS", "zero"));
        var exitCode = await process.WaitForExitAsync(Limit);

        Assert.Equal(2, exitCode);
        var line = Assert.Single(Lines(process.StandardError));
        Assert.Equal("--tasks 'zero' is not a whole number (from $TABLELOAD_TASKS).", line);
    }

    [Fact]
    public async Task SampleEntityWithSeveralBadValues_NamesEveryOne_ExitTwo()
    {
        var file = Path.Combine(Directory.CreateTempSubdirectory("tableload-entity-").FullName, "bad.json");
        await File.WriteAllTextAsync(file, """{"Good": "yes", "A": {"x": 1}, "B": [1, 2], "C": null}""");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--entity", file], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Collection(
            Lines(stderr),
            line => Assert.StartsWith($"--entity {file}: 'A' is", line, StringComparison.Ordinal),
            line => Assert.StartsWith($"--entity {file}: 'B' is", line, StringComparison.Ordinal),
            line => Assert.StartsWith($"--entity {file}: 'C' is", line, StringComparison.Ordinal));
    }

    [Fact]
    public async Task MalformedSampleEntity_NamesTheLineAndPositionAndWhatIsWrong_ExitTwo()
    {
        var file = Path.Combine(Directory.CreateTempSubdirectory("tableload-entity-").FullName, "broken.json");
        await File.WriteAllTextAsync(file, "{\"Name\": \"Ada\",\n \"Count\": tru }");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["run", "--entity", file], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        var line = Assert.Single(Lines(stderr));
        Assert.StartsWith($"--entity {file} is not valid JSON: line 2, position ", line, StringComparison.Ordinal);
        Assert.Contains("'true'", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReportOnAFolderThatDoesNotExist_SaysSo_ExitTwo()
    {
        var missing = Path.Combine(Path.GetTempPath(), "tableload-no-such-folder-" + Guid.NewGuid().ToString("N"));

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["report", missing], connectionString: null);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Equal($"'{missing}' does not exist.", Assert.Single(Lines(stderr)));
    }

    [Fact]
    public async Task RunInterruptedInItsWarmup_SaysNoBatchWasMeasured_NotZeroLatencies()
    {
        var output = Directory.CreateTempSubdirectory("tableload-int-").FullName;
        using var process = TableLoadProcess.Start(["run", "--warmup", "5m", "--duration", "5m", "--tasks", "2", "--output", output], azurite.ConnectionString);
        await process.WaitForErrorTextAsync("e/s", TimeSpan.FromSeconds(30));

        process.Signal(2);
        var exitCode = await process.WaitForExitAsync(TimeSpan.FromSeconds(45));

        Assert.Equal(130, exitCode);
        Assert.Contains("no batch was measured: the run ended within its warm-up", process.StandardOutput, StringComparison.Ordinal);
        var row = Lines(process.StandardOutput).Where(l => l.StartsWith('|')).ElementAt(2);
        Assert.DoesNotContain("0.00", row, StringComparison.Ordinal);
        Directory.Delete(output, recursive: true);
    }

    private static string[] Lines(string text) => text.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
}
