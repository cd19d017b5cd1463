using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>A stage plan the run cannot follow is refused in one sentence, exit 2, before any request.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class StageRefusalTests(AzuriteFixture azurite)
{
    [Theory]
    [InlineData("--stages' stage 2 '20s' is not DURATION:TARGET", "--stages", "10s:5,20s")]
    [InlineData("--stages' stage 1 'soon:5' is not DURATION:TARGET", "--stages", "soon:5")]
    [InlineData("--stages' stage 1 '10s:-5' has a negative target", "--stages", "10s:-5")]
    [InlineData("--stages' stage 2 '0s:100' lasts no time", "--stages", "10s:5,0s:100")]
    [InlineData("Give --duration or --stages, not both", "--stages", "10s:5", "--duration", "10s")]
    [InlineData("--stages' stage 1 '10s:10001' asks for 10001 tasks per process", "--stages", "10s:10001")]
    [InlineData("--stages' stage 1 '10s:2.5' asks for 2.5 tasks per process", "--stages", "10s:2.5")]
    public async Task BadPlan_PrintsOneSentence_ExitsTwo_AndCreatesNoTable(string sentence, params string[] args)
    {
        var table = StoredEntities.NewTableName("badstages");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--table", table, .. args], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith(sentence, line, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", stderr, StringComparison.Ordinal);
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "bad input must be refused before any table is created");
    }

    [Theory]
    [InlineData("command line")]
    [InlineData("profile")]
    [InlineData("environment")]
    public async Task Tune_RefusesAPlan_InItsOwnSentence_BeforeAnyProbe(string from)
    {
        var output = Path.Combine(Path.GetTempPath(), StoredEntities.NewTableName("tunestages"));
        var profile = Path.Combine(Path.GetTempPath(), StoredEntities.NewTableName("tunestages") + ".json");
        await File.WriteAllTextAsync(profile, """{"stages": "10s:2,10s:4"}""");
        string[] args = from switch
        {
            "command line" => ["tune", "--stages", "10s:2,10s:4", "--max-tasks", "4", "--output", output],
            "profile" => ["tune", "--config", profile, "--max-tasks", "4", "--output", output],
            _ => ["tune", "--max-tasks", "4", "--output", output],
        };

        using var tune = TableLoadProcess.Start(args, azurite.ConnectionString, from == "environment" ? ("TABLELOAD_STAGES", "10s:2,10s:4") : null);

        Assert.Equal(2, await tune.WaitForExitAsync(TimeSpan.FromSeconds(60)));
        Assert.Equal(string.Empty, tune.StandardOutput);
        var line = Assert.Single(tune.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith("tune measures each probe at one steady load for --duration, so it takes no --stages", line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(output), "no probe may start, so tune makes no folder");
    }

    [Fact]
    public async Task BadPlan_FromTheEnvironment_IsRefusedAlike()
    {
        using var run = TableLoadProcess.Start(["run"], azurite.ConnectionString, ("TABLELOAD_STAGES", "10s:-1"));

        Assert.Equal(2, await run.WaitForExitAsync(TimeSpan.FromSeconds(60)));
        Assert.Contains("has a negative target", run.StandardError, StringComparison.Ordinal);
    }
}
