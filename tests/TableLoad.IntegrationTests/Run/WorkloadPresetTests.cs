using System.Globalization;
using System.Text.Json.Nodes;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--workload ycsb-*: YCSB's core workloads as TableLoad sends them, through the command line against Azurite.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class WorkloadPresetTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-ycsb-").FullName;

    [Fact]
    public async Task YcsbF_SendsItsMixOfOneEntityRequests_OverTheZipfian_AndARepeatOfItsRunJsonSendsTheSame()
    {
        var first = Path.Combine(_root, "first");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--workload", "ycsb-f", "--key-space", "20", "--preload", "--tasks", "2", "--batches", "60", "--warmup", "0s", "--verify", "--output", first],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var folder = new ResultFolder(first);
        Assert.Equal("read:50,read-modify-write:50", folder.Summary.Workload.Text);
        Assert.Equal(["read", "read-modify-write"], folder.Summary.Operations.Keys.Order(StringComparer.Ordinal));
        Assert.All(folder.Csv("batches.csv"), r => Assert.Equal("1", r["entities"]));
        Assert.Contains("stored 40 entities: matches", stdout, StringComparison.Ordinal);
        var options = Options(first);
        Assert.Equal(("ycsb-f", "none", 1000, 10, "zipfian"), (options["workload"]!.GetValue<string>(), options["batch_size"]!.GetValue<string>(),
            options["entity_size"]!.GetValue<int>(), options["properties"]!.GetValue<int>(), options["key_distribution"]!.GetValue<string>()));

        var again = Path.Combine(_root, "again");
        var repeat = await TableLoadProcess.RunAsync(["run", "--config", Path.Combine(first, "run.json"), "--batches", "10", "--quiet", "--output", again], azurite.ConnectionString);
        Assert.True(repeat.ExitCode == 0, repeat.Stderr);
        Assert.Equal(folder.Summary.Workload.Text, new ResultFolder(again).Summary.Workload.Text);
        Assert.Equal("ycsb-f", Options(again)["workload"]!.GetValue<string>());
    }

    [Fact]
    public async Task OptionsGiven_WinOverThePresets()
    {
        var output = Path.Combine(_root, "given");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--workload", "ycsb-a", "--batch-size", "4", "--key-distribution", "uniform", "--key-space", "8", "--preload", "--tasks", "1",
             "--batches", "20", "--warmup", "0s", "--quiet", "--output", output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var options = Options(output);
        Assert.Equal((4, "uniform", 1000), (options["batch_size"]!.GetValue<int>(), options["key_distribution"]!.GetValue<string>(), options["entity_size"]!.GetValue<int>()));
        Assert.All(new ResultFolder(output).Csv("batches.csv").Where(r => r["operation"] == "upsert-replace"), r => Assert.Equal("4", r["entities"]));
    }

    [Theory]
    [InlineData("ycsb-d", "sdk", "read:95,insert:5", "latest", "read")]
    [InlineData("ycsb-e", "sdk", "query:95,insert:5", "zipfian", "query")]
    [InlineData("ycsb-e", "wire", "query:95,insert:5", "zipfian", "query")]
    public async Task YcsbDAndE_InsertBesideTheirReadsOrScans_EveryScanOneToAHundredEntities(string workload, string client, string mix, string distribution, string drawing)
    {
        var output = Path.Combine(_root, $"{workload}-{client}");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--workload", workload, "--client", client, "--key-space", "300", "--preload", "--tasks", "1", "--batches", "60", "--warmup", "0s", "--verify", "--output", output],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(output).Summary;
        Assert.Equal(mix, summary.Workload.Text);
        var options = Options(output);
        Assert.Equal((workload, distribution, workload == "ycsb-e" ? "1..100" : "10"),
            (options["workload"]!.GetValue<string>(), options["key_distribution"]!.GetValue<string>(), options["query_length"]!.ToString()));
        var draws = summary.Operations[drawing];
        Assert.Equal(draws.Requests, draws.Outcomes.GetValueOrDefault("succeeded"));
        Assert.Contains($"stored {summary.Preload!.Entities + (summary.Operations.GetValueOrDefault("insert")?.Entities ?? 0)} entities: matches", stdout, StringComparison.Ordinal);

        // Against 300 keys a scan from any of them finds its length's entities, or those up to the task's last key: each drawn from 1..100.
        var scans = new ResultFolder(output).Csv("batches.csv").Where(r => r["operation"] == "query").Select(r => int.Parse(r["entities"], CultureInfo.InvariantCulture)).ToList();
        Assert.All(scans, entities => Assert.InRange(entities, 1, 100));
        Assert.True(workload != "ycsb-e" || scans.Distinct().Count() > 1, $"every scan brought {scans.FirstOrDefault()} entities");
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private static JsonNode Options(string folder) => JsonNode.Parse(File.ReadAllText(Path.Combine(folder, "run.json")))!["options"]!;
}
