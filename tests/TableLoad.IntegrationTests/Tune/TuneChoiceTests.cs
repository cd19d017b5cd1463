using System.Globalization;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.IntegrationTests.Rounds;
using TableLoad.Measurement;
using TableLoad.Proxy;
using TableLoad.Reporting;
using TableLoad.Tune;

namespace TableLoad.IntegrationTests.Tune;

/// <summary>
/// How <c>tableload tune</c> chooses between candidates, as a user runs it against Azurite behind the proxy: the cheaper of
/// two within noise, and what stays within a request-unit budget. A collection of its own, beside <see cref="TuneTests"/>:
/// tune's searches are the suite's longest runs.
/// </summary>
[Collection(TuneChoiceAzuriteCollection.Name)]
public sealed class TuneChoiceTests(AzuriteFixture azurite) : IDisposable
{
    private static readonly TimeSpan Limit = TuneRuns.Limit;
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-tune-").FullName;

    private static string[] ShortTune(string output, params string[] more) => TuneRuns.ShortTune(output, more);

    private static LatencyDistribution Latency(string text) => TuneRuns.Latency(text);

    private TuneDescription ReadTuneJson() => TuneRuns.Read(_output);

    [Fact]
    public async Task TwoCandidatesWithinNoise_TheCheaperIsRecommended_AndThatIsSaid()
    {
        // By the assumed share alone (--close-rounds 0): CloseCall_IsDecidedByInterleavedRounds runs the rounds.
        // One task of 100 entities stores at most 500 e/s behind 200 ms, and the account's limit (TuneRuns.AccountLimit) caps
        // every task count that crosses it at the same rate, so those differ by noise alone (throttling is allowed here).
        // Which count crosses it first is the machine's speed (one on an idle machine, many on a busy one), so the test holds
        // the rule, not a count: the recommendation is the fewest tasks that no probe with more beat beyond noise.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { AccountLimit = TuneRuns.AccountLimit, PartitionLimit = 100_000, Latency = Latency("200ms") });

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["tune", "--confirm", "2", "--close-rounds", "0", "--max-processes", "1", "--output", _output, "--max-tasks", "16", "--batch-size", "100", "--max-throttled", "100%",
             "--warmup", "2s", "--duration", "3s", "--confirm-duration", "3s"],
            proxy.ConnectionString,
            Limit);

        Assert.True(exitCode == 0, stderr + stdout);
        var tune = ReadTuneJson();
        var recommendation = Assert.IsType<TuneRecommendation>(tune.Recommendation);
        // Every probe with more tasks is measured against the confirmed figure, and none beat it beyond noise.
        var capped = tune.Probes.Where(p => p.Role == TuneRow.ProbeRole && p.Tasks > recommendation.Tasks).ToList();
        Assert.NotEmpty(capped);
        // A probe the busy client saturated lost for that reason, not on its figure. One capped probe's short run may read above the
        // confirmed figure by more than the assumed noise (a busy machine's 16-task probe once read +16.7%, CI +2% to +34%, of a
        // rate the account's limit holds for all): tune then says that no confirm run tested it.
        var cappedThatMet = capped.Where(p => p.Verdict == "meets").Select(p => p.Cell).ToList();
        Assert.All(tune.Losers.Where(l => cappedThatMet.Contains(l.Cell)), l => Assert.Matches(
            @" against the recommendation's [0-9,]+ e/s: (within noise, and the recommendation costs less|below it beyond noise|above it beyond noise in its one short probe, which no confirm run tested)$", l.Reason));
        // When a capped probe stored the most, the recommendation says why it is not that one.
        if (tune.Probes.Where(p => p.Role == TuneRow.ProbeRole && p.Verdict == "meets").MaxBy(p => p.EntitiesPerSecond)!.Tasks > recommendation.Tasks)
        {
            Assert.StartsWith($"p1-t{recommendation.Tasks}-b100 chosen over p1-t", recommendation.Choice, StringComparison.Ordinal);
            Assert.Contains("is within noise, at ", recommendation.Choice, StringComparison.Ordinal);
            Assert.Contains($"choice: {recommendation.Choice}", stdout, StringComparison.Ordinal);
        }

        // The capped counts level off, so the limit is the plateau; a machine too busy to feed them names its client instead
        // (load average 40 once did), which is as true.
        Assert.Contains(tune.Limit.Kind, new[] { "plateau", "client" });
        Assert.InRange(recommendation.EntitiesPerSecondCiLow, 0, recommendation.EntitiesPerSecondMean);
        Assert.InRange(recommendation.EntitiesPerSecondCiHigh, recommendation.EntitiesPerSecondMean, double.MaxValue);
        // Two confirm runs, and up to three more while their interval is wider than ±10%.
        var confirmRuns = tune.Probes.Count(p => p.Role == TuneRow.ConfirmRole && p.Tasks == recommendation.Tasks);
        Assert.InRange(confirmRuns, 2, 5);
        Assert.Contains($"95% CI of {confirmRuns} confirm runs", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CloseCall_IsDecidedByInterleavedRounds_WhoseVerdictFromTheRoundsOwnSummariesTheChoicePrints()
    {
        // The proxy's buckets, not the machine, set both candidates' entities/s: each task writes a partition of its own (90 e/s
        // each) and the account takes 100, so one task stores 90 e/s and two 100 (+11%, within the assumed share's ±21%), in
        // batches of 10 (27 and 30 of them in a 3 s probe, so a batch more or less moves neither past the other). Without
        // retries a throttled batch fails at once, so one task sends as fast as its partition lets it on any machine: Azurite
        // answers a batch of 10 in well under the 111 ms that 90 e/s leaves it. --close-rounds is left at its default.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { AccountLimit = 100, PartitionLimit = 90 });

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["tune", "--confirm", "1", "--max-processes", "1", "--output", _output, "--max-tasks", "2", "--batch-size", "10", "--max-throttled", "100%",
             "--partitions", "per-task", "--retries", "0", "--warmup", "1s", "--duration", "3s", "--confirm-duration", "3s"],
            proxy.ConnectionString,
            Limit);

        Assert.True(exitCode == 0, stderr + stdout);
        var closeRounds = Path.Combine(_output, "close-rounds");
        var call = Regex.Match(stdout, @"(?m)^close call: (p1-t(\d+)-b10)'s .+ over (p1-t(\d+)-b10) is within noise by one run each and the assumed run-to-run share of 7% \(measured on 12 tasks x 100, sdk, against Azurite: docs/analysis\.md\); 3 interleaved rounds decide it$");
        Assert.True(call.Success, stdout);

        var (best, cheaper) = (call.Groups[1].Value, call.Groups[3].Value);
        // The cheaper is the rounds' base, the best their new side; the runs' order and the verdict come from the folder.
        var rounds = JsonNode.Parse(File.ReadAllText(Path.Combine(closeRounds, "rounds.json")))!;
        Assert.Contains($" --tasks {call.Groups[4].Value} ", (string)rounds["base"]!, StringComparison.Ordinal);
        Assert.Contains($" --tasks {call.Groups[2].Value} ", (string)rounds["new"]!, StringComparison.Ordinal);
        var (change, verdict) = CloseRounds.Judge(closeRounds, TuneSettings.DefaultCloseRounds);
        var bestWon = verdict == "is better beyond noise";
        var winner = bestWon ? best : cheaper;
        Assert.Contains($"close call: by 3 interleaved rounds, {best}'s {change} against {cheaper} {verdict}; {winner} wins", stdout, StringComparison.Ordinal);

        var recommendation = Assert.IsType<TuneRecommendation>(ReadTuneJson().Recommendation);
        Assert.Equal(winner, $"p1-t{recommendation.Tasks}-b10");
        Assert.StartsWith(
            bestWon ? $"{best} chosen over the cheaper {cheaper}: by 3 interleaved rounds, {best}'s {change} against {cheaper} is better beyond noise (its probe's "
                    : $"{cheaper} chosen over {best}: by 3 interleaved rounds, {best}'s {change} against {cheaper} {verdict}",
            recommendation.Choice, StringComparison.Ordinal);
        Assert.Contains($"choice: {recommendation.Choice}", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CosmosMode_WithMaxRu_RecommendsWhatStaysWithinTheBudget_AndNamesRequestUnitsAsTheLimit()
    {
        // A budget the proxy never reaches, so only --max-ru can bind; 200 ms per batch holds one task of 100 entities under
        // 500 e/s (3,400 RU/s of the default entity) on any machine, and 4,000 RU/s is a line that 8 tasks cross on an idle one
        // (with 8,000, a busy machine's 8 tasks once stayed under: the limit was the search space).
        // --max-tasks bounds the search, not a --budget: how many probes fit in a time budget is the machine's speed. It is 32,
        // not 8, since a busy machine's 8 tasks stayed under the line too (load average 20: the limit was the search space);
        // an idle machine crosses it at 8 and never probes more.
        const double MaxRu = 4000;
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "1000000", "--latency", "200ms");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ShortTune(_output, "--max-ru", "4000", "--max-tasks", "32", "--batch-size", "100", "--warmup", "1s", "--duration", "3s", "--confirm-duration", "3s"),
            proxy.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr + stdout);
        var tune = ReadTuneJson();
        Assert.Equal("request_units", tune.Limit.Kind);
        Assert.StartsWith("Request units are the limit: at ", tune.Limit.Sentence, StringComparison.Ordinal);
        Assert.Contains($"limit: {tune.Limit.Sentence}", stdout, StringComparison.Ordinal);
        Assert.Equal(MaxRu, tune.Constraints.MaxRequestUnitsPerSecond);
        var rows = new ResultFolder(_output).Csv(ResultFiles.TuneCsv);
        var evidence = Assert.Single(rows, r => r["cell"] == tune.Limit.EvidenceCell && r["role"] == "probe");
        Assert.Equal("request_units", evidence["verdict"]);
        Assert.True(ResultFolder.Number(evidence["ru_per_second"]) > MaxRu, evidence["ru_per_second"]);
        var recommendation = Assert.IsType<TuneRecommendation>(tune.Recommendation);
        static string Candidate(string cell) => cell[..cell.LastIndexOf("-r", StringComparison.Ordinal)] + "-r1";
        var confirms = rows.Where(r => r["role"] == "confirm").ToLookup(r => Candidate(r["cell"]));
        Assert.NotEmpty(confirms[recommendation.Cell]);
        Assert.All(confirms[recommendation.Cell], r => Assert.InRange(ResultFolder.Number(r["ru_per_second"]), 1, MaxRu));
        // A candidate near the budget may cross it in a confirm run: it is then set aside, and says so.
        Assert.All(confirms.Where(g => g.Any(r => ResultFolder.Number(r["ru_per_second"]) > MaxRu)), g => Assert.Contains(
            new TuneLoser(g.Key, "met the constraints in its probe but broke one in its confirm runs"), tune.Losers));
        // The recommendation says what to provision for its rate: RU per entity of its confirm runs × its e/s.
        var provision = Assert.IsType<ProvisionedRequestUnits>(recommendation.ProvisionRuPerSecond);
        var perEntity = confirms[recommendation.Cell].Average(r => ResultFolder.Number(r["ru_per_entity"]));
        Assert.Equal(perEntity * recommendation.EntitiesPerSecondMean, provision.Mean, precision: 3);
        Assert.Contains($"provisioning: to sustain {recommendation.EntitiesPerSecondMean.ToString("#,0", CultureInfo.InvariantCulture)} e/s of this entity, provision ≥ ", stdout, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
