using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Compare;

/// <summary>compare of two real --mix runs through the command line: each operation's figures under the run's, and one a side lacks named.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class CompareOperationsTests(AzuriteFixture azurite, CompareRuns runs) : IClassFixture<CompareRuns>
{
    private static readonly string[] Figures = ["eps", "p50", "p90", "p99", "p999", "throttled", "failed"];

    // Open-model mixes at a fixed rate of entities (reads of one, upserts of ten): low enough that a busy machine still sends
    // them on time, so the sides differ by the plan.
    private Task<string> MixAsync(string name, int rate, string duration, string mix) =>
        runs.AtRateAsync(azurite, name, rate, duration, "--mix", mix, "--key-space", "50", "--preload");

    private Task<string> SlowAsync() => MixAsync("mix-slow", 120, "12s", "read:50,upsert-replace:50");

    private Task<string> WithQueryAsync() => MixAsync("mix-query", 120, "3s", "read:50,upsert-replace:30,query:20");

    [Fact]
    public async Task TwoMixes_EachSharedOperationsFigures_AreLinesUnderTheRuns_AndTheOperationOneSideLacksIsNamed()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", await SlowAsync(), await WithQueryAsync(), "--fail-on", "query.p99"], connectionString: null);

        Assert.True(exitCode == 0, stderr);
        var lines = stdout.Split('\n').Select(l => l.TrimEnd()).ToList();
        var listed = lines.IndexOf("operations, each measured apart: read, upsert-replace, query");
        Assert.True(listed > lines.FindIndex(l => l.StartsWith("cpu ", StringComparison.Ordinal)), stdout);
        foreach (var operation in new[] { "read", "upsert-replace" })
        {
            foreach (var figure in Figures)
            {
                Assert.Single(lines, l => Regex.IsMatch(l, $@"^{Regex.Escape(operation)}\.{figure} +\S.* -> .*; run-to-run noise "));
            }
        }

        Assert.DoesNotContain(lines, l => l.StartsWith("query.", StringComparison.Ordinal));
        Assert.Contains("query: only new sent query; base did not, so it has nothing to compare", lines);
        Assert.Contains("gate --fail-on query.p99: passed (none worse beyond noise; query.p99 cannot be decided, see above)", lines);
    }

    [Fact]
    public async Task TwoMixes_AsJson_KeyEachOperation_WithItsFiguresOrTheSideThatSentIt()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", await SlowAsync(), await WithQueryAsync(), "--json", "--fail-on", "p99,read.p99,query.eps"], connectionString: null);

        Assert.True(exitCode is 0 or 99, stderr);
        var json = JsonNode.Parse(stdout)!.AsObject();
        var operations = json["operations"]!.AsObject();
        Assert.Equal(["read", "upsert-replace", "query"], operations.Select(o => o.Key));
        Assert.Equal(Figures, operations["read"]!["figures"]!.AsArray().Select(f => f!["figure"]!.GetValue<string>()));
        Assert.All(operations["read"]!["figures"]!.AsArray(), f => Assert.StartsWith($"read.{f!["figure"]}", f["line"]!.GetValue<string>(), StringComparison.Ordinal));
        Assert.Null(operations["read"]!["only_on"]);
        Assert.Equal("new", operations["query"]!["only_on"]!.GetValue<string>());
        Assert.Empty(operations["query"]!["figures"]!.AsArray());
        Assert.Equal(["p99", "read.p99", "query.eps"], json["fail_on"]!.AsArray().Select(n => n!.GetValue<string>()));
        Assert.Contains("query.eps", json["gate_undecided"]!.AsArray().Select(n => n!.GetValue<string>()));
        Assert.Equal(exitCode == 99, json["gate_failed"]!.GetValue<bool>());
    }

    [Fact]
    public async Task AQuarterOfTheRate_IsWorseBeyondNoise_ForTheScopedGate_WhichExits99NamingIt()
    {
        var slow = await SlowAsync();
        var fast = await MixAsync("mix-fast", 480, "12s", "read:50,upsert-replace:50");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", fast, slow, "--fail-on", "upsert-replace.eps"], connectionString: null);

        Assert.True(exitCode == 99, stdout + stderr);
        Assert.Matches(@"(?m)^upsert-replace\.eps +.* WORSE;", stdout);
        Assert.Contains("gate --fail-on upsert-replace.eps: FAILED (upsert-replace.eps worse beyond noise)", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TwoRunsOfOneAndTheSameOperation_SayInOneLineThatItsFiguresAreTheRuns_AndTakeItsScopedGate()
    {
        var one = await runs.AtRateAsync(azurite, "reads-a", 120, "3s", "--operation", "read", "--key-space", "50", "--preload");
        var other = await runs.AtRateAsync(azurite, "reads-b", 120, "3s", "--operation", "read", "--key-space", "50", "--preload");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", one, other, "--fail-on", "read.p99"], connectionString: null);

        Assert.True(exitCode is 0 or 99, stderr);
        var lines = stdout.Split('\n').Select(l => l.TrimEnd()).ToList();
        Assert.Contains("operations: read alone on both sides, so its figures are the run's above (--fail-on takes them as read.FIGURE too)", lines);
        Assert.DoesNotContain(lines, l => l.StartsWith("read.", StringComparison.Ordinal));
        // The scoped gate judges the run's own p99: the two agree whichever way it falls.
        var p99 = Assert.Single(lines, l => l.StartsWith("p99 ", StringComparison.Ordinal));
        Assert.Equal(p99.Contains(" WORSE;", StringComparison.Ordinal) ? 99 : 0, exitCode);
    }

    [Fact]
    public async Task ComparedByRounds_TwoMixes_GetEachOperationsPairedVerdicts_AndTheOperationOneSideLacksIsNamed()
    {
        var output = Path.Combine(runs.Root, "rounds");

        // A budget of requests a run: every line below holds at any machine speed.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["compare", "--rounds", "2", "--base", "--mix read:50,upsert-replace:50", "--new", "--mix read:50,upsert-replace:30,query:20",
             "--key-space", "20", "--preload", "--batch-size", "5", "--tasks", "2", "--batches", "40", "--warmup", "0s", "--fail-on", "query.eps", "--output", output],
            azurite.ConnectionString, TimeSpan.FromMinutes(3));

        Assert.True(exitCode == 0, stdout + stderr);
        var lines = stdout.Split('\n').Select(l => l.TrimEnd()).ToList();
        Assert.Contains("operations, each measured apart: read, upsert-replace, query", lines);
        foreach (var operation in new[] { "read", "upsert-replace" })
        {
            foreach (var figure in Figures)
            {
                Assert.Single(lines, l => Regex.IsMatch(l, $@"^{Regex.Escape(operation)}\.{figure} +.*; the verdict rests on 2 rounds' paired differences "));
            }
        }

        Assert.Contains("query: only new sent query; base did not, so it has nothing to compare", lines);
        Assert.Contains("gate --fail-on query.eps: passed (none worse beyond noise; query.eps cannot be decided, see above)", lines);
        var written = JsonNode.Parse(File.ReadAllText(Path.Combine(output, "comparison.json")))!;
        Assert.Equal(["read", "upsert-replace", "query"], written["operations"]!.AsObject().Select(o => o.Key));
    }

    [Fact]
    public async Task AScopedGate_OnAnOperationNeitherRunSent_IsRefused_InOneSentence()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", await SlowAsync(), await WithQueryAsync(), "--fail-on", "delete.p99"], connectionString: null);

        Assert.Equal(2, exitCode);
        Assert.Empty(stdout);
        // The sentence a run's --fail-if gets for a scope the run does not have.
        Assert.Equal(
            "--fail-on 'delete.p99' is scoped by 'delete', which is none of the runs' operations (read, upsert-replace, query); scope it by one of them, or drop 'delete.' to judge the whole run.",
            Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).TrimEnd());
    }
}
