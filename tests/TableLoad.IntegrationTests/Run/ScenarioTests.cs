using System.Text.RegularExpressions;
using System.Xml.Linq;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;

namespace TableLoad.IntegrationTests.Run;

/// <summary>
/// A profile's scenarios through the command line against Azurite: an ingest of inserts at a rate (open model) beside closed point
/// reads of a preloaded key space, at once against one table, each measured apart, verified, merged and gated. Each scenario has a
/// budget of requests (batches), so every count below holds at any machine speed.
/// </summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class ScenarioTests(AzuriteFixture azurite) : IDisposable
{
    private const string Profile = """
        { "warmup": "0s", "duration": "30s", "quiet": true,
          "scenarios": {
            "ingest": { "operation": "insert", "tasks": 2, "rate": 400, "batch_size": 10, "batches": 20 },
            "lookups": { "operation": "read", "tasks": 2, "key_space": 50, "preload": true, "batches": 40 } } }
        """;

    private readonly string _root = Directory.CreateTempSubdirectory("tableload-scenarios-").FullName;

    private async Task<string> ProfileAsync()
    {
        var path = Path.Combine(_root, "scenarios.json");
        await File.WriteAllTextAsync(path, Profile);
        return path;
    }

    [Fact]
    public async Task TwoScenarios_EachMeasuredApart_AddUpToTheRun_ReadsAllFound_VerifyMatches_AndRunJsonRepeatsThem()
    {
        var output = Path.Combine(_root, "run");
        var table = StoredEntities.NewTableName("scn");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--config", await ProfileAsync(), "--table", table, "--keep-table", "--verify", "--output", output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stdout + stderr);
        var folder = new ResultFolder(output);
        var summary = folder.Summary;
        var scenarios = summary.Scenarios!;
        Assert.Equal(["ingest", "lookups"], scenarios.Keys);
        Assert.Equal((20, 200), (scenarios["ingest"].Requests, scenarios["ingest"].Entities));
        Assert.Equal((40, 40), (scenarios["lookups"].Requests, scenarios["lookups"].Entities));
        Assert.Equal(40, scenarios["lookups"].Outcomes["succeeded"]);
        Assert.Equal(0, scenarios["lookups"].Outcomes["not_found"]);

        // Each scenario's figures are its own rows of batches.csv and of its intervals file, and the scenarios add up to the run.
        var rows = folder.Csv("batches.csv");
        foreach (var (name, scenario) in scenarios)
        {
            var own = rows.Where(r => r["scenario"] == name).ToList();
            Assert.Equal(own.Count, scenario.Requests);
            Assert.Equal(own.Sum(r => ResultFolder.Count(r["entities"])), scenario.Entities);
            Assert.Equal(own.Count, folder.Csv($"intervals-{name}.csv").Sum(r => ResultFolder.Count(r["batches"])));
            Assert.Equal([.. scenario.Operations!.Keys], own.Select(r => r["operation"]).Distinct());
            Assert.Matches(new Regex($@"^\|\s+{Regex.Escape(name)} \|", RegexOptions.Multiline), stdout);
        }

        Assert.Equal(rows.Count, scenarios.Values.Sum(s => s.Requests));
        Assert.Equal(summary.EntitiesSucceeded, scenarios.Values.Sum(s => s.Entities));
        Assert.Equal(scenarios["ingest"].Requests, summary.Operations["insert"].Requests);
        Assert.Equal(scenarios["lookups"].LatencyMs.P99, summary.Operations["read"].LatencyMs.P99);

        // The ingest ran the open model (each batch has its intended start), the lookups the closed one; each in its own keys.
        Assert.All(rows.Where(r => r["scenario"] == "ingest"), r => Assert.NotEqual("", r["intended_start_ms"]));
        Assert.All(rows.Where(r => r["scenario"] == "lookups"), r => Assert.Equal("", r["intended_start_ms"]));
        Assert.Equal(["tl.ingest", "tl.lookups"], rows.Select(r => r["partition_key"]).Distinct().Order(StringComparer.Ordinal));

        // The table holds the lookups' preload (2 tasks × 50 keys) and the ingest's inserts.
        Assert.Contains("stored 300 entities: matches", stdout, StringComparison.Ordinal);
        var stored = await StoredEntities.CountByPartitionAsync(azurite, table);
        Assert.Equal(new Dictionary<string, long> { ["tl.ingest"] = 200, ["tl.lookups"] = 100 }, stored.OrderBy(p => p.Key, StringComparer.Ordinal).ToDictionary());

        // run.json records the scenarios, so --config run.json runs them again.
        var again = Path.Combine(_root, "again");
        var repeat = await TableLoadProcess.RunAsync(["run", "--config", Path.Combine(output, "run.json"), "--output", again], azurite.ConnectionString);
        Assert.True(repeat.ExitCode == 0, repeat.Stdout + repeat.Stderr);
        var repeated = new ResultFolder(again).Summary.Scenarios!;
        Assert.Equal(scenarios.ToDictionary(s => s.Key, s => s.Value.Requests), repeated.ToDictionary(s => s.Key, s => s.Value.Requests));
    }

    [Fact]
    public async Task Scenarios_OverTwoProcesses_MergeAsTheProcessesSum_ReportMergesThemAlike_AndAScopedGateNamesItsScenario()
    {
        var output = Path.Combine(_root, "fleet");
        var junit = Path.Combine(_root, "fleet.xml");
        const string Gates = "lookups.p99<0.001ms,ingest.eps>0,lookups.read.failed<=0%";

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--config", await ProfileAsync(), "--processes", "2", "--fail-if", Gates, "--junit", junit, "--output", output], azurite.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var summary = new ResultFolder(output).Summary;
        Assert.Equal(2, summary.PerProcess.Count);
        foreach (var (name, scenario) in summary.Scenarios!)
        {
            var parts = summary.PerProcess.Select(p => p.Scenarios![name]).ToList();
            Assert.Equal(scenario.Requests, parts.Sum(p => p.Requests));
            Assert.Equal(scenario.Entities, parts.Sum(p => p.Entities));
            Assert.Equal(scenario.LatencyMs.Count, parts.Sum(p => p.LatencyMs.Count));
        }

        // Every process sends its share of every scenario: the budgets are each process's own.
        Assert.Equal((40, 80), (summary.Scenarios["ingest"].Requests, summary.Scenarios["lookups"].Requests));

        // The gate on a scenario judges its own figure, names it in its line and its JUnit case.
        Assert.Contains("threshold lookups.p99<0.001ms: ", stdout, StringComparison.Ordinal);
        Assert.Equal(["FAILED", "passed", "passed"], stdout.Split('\n').Where(l => l.StartsWith("threshold ", StringComparison.Ordinal)).Select(l => l.TrimEnd()[(l.TrimEnd().LastIndexOf(' ') + 1)..]));
        Assert.Equal(summary.Scenarios["lookups"].LatencyMs.P99, summary.Thresholds![0].Value);
        var cases = XDocument.Load(junit).Root!.Element("testsuite")!.Elements("testcase").ToList();
        Assert.Equal(Gates.Split(','), cases.Select(c => (string)c.Attribute("name")!));
        Assert.StartsWith("lookups.p99 was ", (string)cases[0].Element("failure")!.Attribute("message")!, StringComparison.Ordinal);

        // report rebuilds each scenario from the per-second files as the run merged them, and judges its gates alike.
        var merged = Path.Combine(_root, "merged");
        var report = await TableLoadProcess.RunAsync(["report", output, "--label", "both", "--output", merged, "--fail-if", "ingest.failed<=0%,lookups.p99<0.001ms"], null);
        Assert.True(report.ExitCode == 99, report.Stdout + report.Stderr);
        var remade = new ResultFolder(merged).Summary;
        foreach (var (name, scenario) in summary.Scenarios)
        {
            Assert.Equal((scenario.Requests, scenario.Entities, scenario.LatencyMs.P99, scenario.Operations!.Keys.Single()),
                (remade.Scenarios![name].Requests, remade.Scenarios[name].Entities, remade.Scenarios[name].LatencyMs.P99, remade.Scenarios[name].Operations!.Keys.Single()));
        }
    }

    [Fact]
    public async Task AScenarioWithStages_RunsBesideASteadyOne_AndRunJsonRecordsItsPlan()
    {
        var output = Path.Combine(_root, "staged");
        var profile = Path.Combine(_root, "staged.json");
        await File.WriteAllTextAsync(profile, """
            { "warmup": "0s", "duration": "2s", "quiet": true,
              "scenarios": { "ramp": { "operation": "upsert-replace", "key_space": 20, "batch_size": 10, "tasks": 1, "stages": "1s:2,1s:2" },
                             "steady": { "operation": "insert", "tasks": 1, "rate": 50, "batch_size": 10 } } }
            """);

        // The ramp's stages are of tasks: the proxy paces them.
        await using var proxy = await InProcessProxy.PacedAsync(azurite);
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--config", profile, "--output", output], proxy.ConnectionString);

        Assert.True(exitCode == 0, stdout + stderr);
        var folder = new ResultFolder(output);
        Assert.All(folder.Summary.Scenarios!.Values, s => Assert.True(s.Requests > 0));
        var recorded = folder.Run.Options.Scenarios!;
        Assert.Equal(("1s:2,1s:2", 1), (recorded["ramp"].Stages, recorded["ramp"].Tasks));
        Assert.Null(recorded["steady"].Stages);
        Assert.Equal("2s", folder.Run.Options.Duration);
    }

    [Fact]
    public async Task AnAbortConditionScopedByAScenariosOperation_StopsTheRun_NamingIt()
    {
        var output = Path.Combine(_root, "aborted");
        var profile = Path.Combine(_root, "unbudgeted.json");
        // No budget: the lookups run until the condition, which any measured second meets, stops them.
        await File.WriteAllTextAsync(profile, """
            { "warmup": "0s", "quiet": true,
              "scenarios": { "ingest": { "operation": "insert", "tasks": 1, "rate": 50, "batch_size": 10 },
                             "lookups": { "operation": "read", "tasks": 1, "key_space": 10, "preload": true, "batch_size": 10 } } }
            """);

        // The lookups are a closed model: the proxy paces them until the condition stops the run.
        await using var proxy = await InProcessProxy.PacedAsync(azurite);
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--config", profile, "--duration", "30s", "--abort-if", "lookups.read.p99>0.001ms for 1s", "--output", output], proxy.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var stopped = new ResultFolder(output).Summary.StoppedBy!;
        Assert.Equal("lookups.read.p99>0.001ms for 1s", stopped.Condition);
        Assert.Contains("lookups.read.p99 was ", stopped.Sentence, StringComparison.Ordinal);
        Assert.Contains(stopped.Sentence!, stdout + stderr, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
