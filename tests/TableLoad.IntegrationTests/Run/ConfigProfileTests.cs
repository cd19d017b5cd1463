using System.Text.Json;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Run;

/// <summary>
/// Options in layers: a profile or a past run's run.json (--config), then TABLELOAD_* variables, then
/// the command line, each overriding the one before; judged by what the runs record in run.json.
/// </summary>
[Collection(AzuriteCollection.Name)]
public sealed class ConfigProfileTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-config-").FullName;

    [Fact]
    public async Task RunJsonOfAPastRun_AsConfig_RunsItAgain_WithTheSameOptions()
    {
        var first = Path.Combine(_output, "first");
        var (firstExit, _, firstErrors) = await TableLoadProcess.RunAsync(
            ["run", "--client", "wire", "--tasks", "3", "--batch-size", "20", "--entity-size", "500", "--properties", "5", "--partitions", "spread:3",
             "--key-prefix", "again", "--duration", "3s", "--warmup", "1s", "--timeout", "7s", "--batches", "9", "--retries", "2", "--no-batch-log",
             "--verify", "--label", "repeatable", "--quiet", "--output", first],
            azurite.ConnectionString);
        Assert.True(firstExit == 0, firstErrors);

        var again = Path.Combine(_output, "again");
        var (againExit, _, againErrors) = await TableLoadProcess.RunAsync(["run", "--config", Path.Combine(first, ResultFiles.RunJson), "--output", again], azurite.ConnectionString);
        Assert.True(againExit == 0, againErrors);

        var (firstRun, againRun) = (RunJson(first), RunJson(again));
        Assert.Equal("repeatable", againRun.GetProperty("label").GetString());
        Assert.NotEqual(firstRun.GetProperty("run_id").GetString(), againRun.GetProperty("run_id").GetString());
        foreach (var option in firstRun.GetProperty("options").EnumerateObject().Where(o => o.Name is not ("output" or "table")))
        {
            Assert.True(
                option.Value.ToString() == againRun.GetProperty("options").GetProperty(option.Name).ToString(),
                $"{option.Name}: {option.Value} at first, {againRun.GetProperty("options").GetProperty(option.Name)} again");
        }
    }

    [Fact]
    public async Task EnvironmentOverridesTheProfile_AndTheCommandLineOverridesBoth()
    {
        var profile = Path.Combine(_output, "profile.json");
        await File.WriteAllTextAsync(profile, """{ "batch_size": 10, "tasks": 2, "entity_size": 600, "batches": 4, "warmup": "0s", "duration": "5s", "quiet": true }""");
        using var run = TableLoadProcess.Start(
            ["--verbosity", "quiet", "run", "--config", profile, "--tasks", "4", "--output", _output],
            azurite.ConnectionString,
            new Dictionary<string, string> { ["TABLELOAD_BATCH_SIZE"] = "20", ["TABLELOAD_TASKS"] = "3" });
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromMinutes(1));
        Assert.True(exitCode == 0, run.StandardError);

        Assert.Equal(string.Empty, run.StandardError);                     // --verbosity survives the layering
        var options = RunJson(_output).GetProperty("options");
        Assert.Equal(600, options.GetProperty("entity_size").GetInt32());  // the profile alone
        Assert.Equal(20, options.GetProperty("batch_size").GetInt32());    // the environment over the profile
        Assert.Equal(4, options.GetProperty("tasks").GetInt32());          // the command line over both
    }

    [Theory]
    [InlineData("""{ "batch_size": 10, "batch_sise": 20 }""", "'batch_sise', which is not an option")]
    [InlineData("""{ "connection_string": "UseDevelopmentStorage=true" }""", "connection_string, a secret")]
    [InlineData("""{ "tasks": "many" }""", "tasks must be a whole number, not \"many\"")]
    [InlineData("""{ "duration_s": 60 }""", "'duration_s', which is not an option")]
    [InlineData("""{ "batch_size": 500 }""", "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 500 (from --config ")]
    [InlineData("""[ 1, 2""", "is not a JSON object of options")]
    public async Task ABadProfile_IsOneSentence_ExitTwo_AndNoTable(string content, string expected)
    {
        var profile = Path.Combine(_output, "bad.json");
        await File.WriteAllTextAsync(profile, content);
        var table = StoredEntities.NewTableName("badprofile");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--config", profile, "--table", table], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Contains(expected, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "a bad profile must be refused before any table is created");
    }

    private static JsonElement RunJson(string folder) => JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, ResultFiles.RunJson))).RootElement;

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
