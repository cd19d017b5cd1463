using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Compare;

/// <summary>
/// compare of two real runs of a profile's scenarios through the command line: each scenario's figures under the run's, a scenario's
/// operations when it has more than one, a scenario one side lacks named, and --fail-on scoped by a scenario as a run's gate is.
/// Each scenario has a budget of batches, so every line below holds at any machine speed.
/// </summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class CompareScenariosTests(AzuriteFixture azurite, CompareRuns runs) : IClassFixture<CompareRuns>
{
    private static readonly string[] Figures = ["eps", "p50", "p90", "p99", "p999", "throttled", "failed"];

    private const string Ingest = """ "ingest": { "operation": "insert", "tasks": 1, "batch_size": 10, "batches": 20 } """;

    private const string Lookups = """ "lookups": { "mix": "read:50,upsert-replace:50", "tasks": 2, "batch_size": 10, "key_space": 50, "preload": true, "batches": 40 } """;

    private const string Scans = """ "scans": { "operation": "query", "tasks": 1, "key_space": 20, "preload": true, "query_length": 5, "batches": 10 } """;

    private static string Profile(params string[] scenarios) =>
        $$"""{ "warmup": "0s", "duration": "30s", "quiet": true, "scenarios": { {{string.Join(",", scenarios)}} } }""";

    private Task<string> BaseAsync() => runs.ScenariosAsync(azurite, "scn-base", Profile(Ingest, Lookups));

    private Task<string> NewAsync() => runs.ScenariosAsync(azurite, "scn-new", Profile(Ingest, Lookups, Scans));

    [Fact]
    public async Task TwoRunsOfScenarios_EachScenariosFigures_AreLines_AMixedScenariosOperationsToo_AndTheScenarioOneSideLacksIsNamed()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", await BaseAsync(), await NewAsync(), "--fail-on", "lookups.p99,scans.p99"], connectionString: null);

        Assert.True(exitCode is 0 or 99, stderr);
        var lines = stdout.Split('\n').Select(l => l.TrimEnd()).ToList();
        var listed = lines.IndexOf("scenarios, each measured apart: ingest, lookups, scans");
        Assert.True(listed > lines.FindIndex(l => l.StartsWith("operations, each measured apart: ", StringComparison.Ordinal)), stdout);
        foreach (var scope in new[] { "ingest", "lookups", "lookups.read", "lookups.upsert-replace" })
        {
            foreach (var figure in Figures)
            {
                Assert.True(lines.FindIndex(l => Regex.IsMatch(l, $@"^{Regex.Escape(scope)}\.{figure} +\S.* -> .*; run-to-run noise ")) > listed, $"{scope}.{figure}\n{stdout}");
            }
        }

        // A scenario of one operation has its figures once, under its own name; a scenario of a mix lists its operations under its figures.
        Assert.DoesNotContain(lines, l => l.StartsWith("ingest.insert", StringComparison.Ordinal));
        Assert.Single(lines, l => l is "operations of lookups, each measured apart: read, upsert-replace" or "operations of lookups, each measured apart: upsert-replace, read");
        Assert.Contains("scans: only new ran scans; base did not, so it has nothing to compare", lines);
        Assert.DoesNotContain(lines, l => l.StartsWith("scans.", StringComparison.Ordinal));

        // The gate names the scenario, judges it as its line does, and names the scenario only new ran as not decided.
        var p99 = Assert.Single(lines, l => l.StartsWith("lookups.p99 ", StringComparison.Ordinal));
        var worse = p99.Contains(" WORSE;", StringComparison.Ordinal);
        Assert.Equal(worse ? 99 : 0, exitCode);
        Assert.Contains(
            worse ? "gate --fail-on lookups.p99,scans.p99: FAILED (lookups.p99 worse beyond noise; scans.p99 cannot be decided, see above)"
                  : "gate --fail-on lookups.p99,scans.p99: passed (none worse beyond noise; lookups.p99, scans.p99 cannot be decided, see above)",
            lines);
    }

    [Fact]
    public async Task TwoRunsOfScenarios_AsJson_KeyEachScenario_WithItsFiguresAndOperations_OrTheSideThatRanIt()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", await BaseAsync(), await NewAsync(), "--json", "--fail-on", "ingest.eps,lookups.read.p99,scans.eps"], connectionString: null);

        Assert.True(exitCode is 0 or 99, stderr);
        var json = JsonNode.Parse(stdout)!.AsObject();
        var scenarios = json["scenarios"]!.AsObject();
        Assert.Equal(["ingest", "lookups", "scans"], scenarios.Select(s => s.Key));
        foreach (var name in new[] { "ingest", "lookups" })
        {
            Assert.Null(scenarios[name]!["only_on"]);
            Assert.Equal(Figures, scenarios[name]!["figures"]!.AsArray().Select(f => f!["figure"]!.GetValue<string>()));
            Assert.All(scenarios[name]!["figures"]!.AsArray(), f => Assert.StartsWith($"{name}.{f!["figure"]} ", f["line"]!.GetValue<string>(), StringComparison.Ordinal));
        }

        Assert.True(scenarios["ingest"]!["operations"]!["insert"]!["same_as_run"]!.GetValue<bool>());
        var operations = scenarios["lookups"]!["operations"]!.AsObject();
        Assert.Equal(["read", "upsert-replace"], operations.Select(o => o.Key).Order(StringComparer.Ordinal));
        Assert.All(operations["read"]!["figures"]!.AsArray(), f => Assert.StartsWith($"lookups.read.{f!["figure"]} ", f["line"]!.GetValue<string>(), StringComparison.Ordinal));
        Assert.Equal("new", scenarios["scans"]!["only_on"]!.GetValue<string>());
        Assert.Empty(scenarios["scans"]!["figures"]!.AsArray());
        Assert.Equal(["ingest.eps", "lookups.read.p99", "scans.eps"], json["fail_on"]!.AsArray().Select(n => n!.GetValue<string>()));
        Assert.Contains("scans.eps", json["gate_undecided"]!.AsArray().Select(n => n!.GetValue<string>()));
        Assert.Equal(exitCode == 99, json["gate_failed"]!.GetValue<bool>());
    }

    [Fact]
    public async Task AScopedGate_OnANameNeitherRunHas_IsRefused_InOneSentence_AsARunsGateIs()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", await BaseAsync(), await NewAsync(), "--fail-on", "cache.p99"], connectionString: null);

        Assert.Equal(2, exitCode);
        Assert.Empty(stdout);
        var refusal = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).TrimEnd();
        Assert.StartsWith("--fail-on 'cache.p99' is scoped by 'cache', which is none of the runs' scenario and operation names (", refusal, StringComparison.Ordinal);
        Assert.Contains(" ingest, ingest.insert, lookups, lookups.", refusal, StringComparison.Ordinal);
        Assert.Contains(" scans, scans.query)", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ComparedByRounds_ATenthOfAScenariosRate_IsWorseBeyondNoise_ForTheGateScopedByIt_WhichExits99NamingIt()
    {
        // The ingest at rates a tenth apart, the higher low enough that a busy machine still sends most of it, so the sides differ by
        // the plan; the rounds' paired differences need no interval of a run's own, and three rounds (not two, whose interval is
        // 12.7 standard errors wide) decide a tenfold change even where a loaded machine sends base's at half its rate in one round.
        static string Rated(int rate, params string[] more) =>
            Profile([$$""" "ingest": { "operation": "insert", "tasks": 2, "batch_size": 10, "rate": {{rate}} } """, .. more]).Replace("30s", "2s", StringComparison.Ordinal);
        var (baseProfile, newProfile) = (runs.ProfilePath("rounds-base"), runs.ProfilePath("rounds-new"));
        await File.WriteAllTextAsync(baseProfile, Rated(200, Lookups));
        await File.WriteAllTextAsync(newProfile, Rated(20, Lookups, Scans));
        var output = Path.Combine(runs.Root, "scn-rounds");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["compare", "--rounds", "3", "--base", $"--config {baseProfile}", "--new", $"--config {newProfile}", "--fail-on", "ingest.eps,scans.eps", "--output", output],
            azurite.ConnectionString, TimeSpan.FromMinutes(3));

        Assert.True(exitCode == 99, stdout + stderr);
        var lines = stdout.Split('\n').Select(l => l.TrimEnd()).ToList();
        Assert.Contains("scenarios, each measured apart: ingest, lookups, scans", lines);
        foreach (var scope in new[] { "ingest", "lookups", "lookups.read" })
        {
            foreach (var figure in Figures)
            {
                Assert.Single(lines, l => Regex.IsMatch(l, $@"^{Regex.Escape(scope)}\.{figure} +.*; the verdict rests on 3 rounds' paired differences "));
            }
        }

        Assert.Matches(@"(?m)^ingest\.eps +.* WORSE;", stdout);
        Assert.Contains("scans: only new ran scans; base did not, so it has nothing to compare", lines);
        Assert.Contains("gate --fail-on ingest.eps,scans.eps: FAILED (ingest.eps worse beyond noise; scans.eps cannot be decided, see above)", lines);
        var written = JsonNode.Parse(File.ReadAllText(Path.Combine(output, "comparison.json")))!;
        Assert.Equal(["ingest", "lookups", "scans"], written["scenarios"]!.AsObject().Select(s => s.Key));
    }
}
