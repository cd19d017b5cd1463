using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using TableLoad.Reporting;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Compare;

[Collection(GateAzuriteCollection.Name)]
public sealed class CompareTests(AzuriteFixture azurite, CompareRuns runs) : IClassFixture<CompareRuns>
{
    // 12 s measured make the ten blocks of seconds a run's own interval needs; 3 s make too few.
    private Task<string> SlowAsync() => runs.AtRateAsync(azurite, "slow", 60, "12s");

    private Task<string> FastAsync() => runs.AtRateAsync(azurite, "fast", 240, "12s");

    private Task<string> ShortAsync(string name) => runs.AtRateAsync(azurite, name, 120, "3s");

    [Fact]
    public async Task TheSameFolderTwice_CannotBeDecided_AndSaysSo_TheGateDoesNotFail()
    {
        var run = await SlowAsync();

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", run, run, "--fail-on", "eps,p50,p90,p99,throttled,cpu"], connectionString: null);

        Assert.True(exitCode == 0, stderr);
        var figureLines = FigureLines(stdout);
        // eps, p50, p90, p99, p999, throttled and cpu: the service's figures need --service-metrics.
        Assert.Equal(7, figureLines.Count);
        Assert.All(figureLines, l => Assert.Contains($" cannot decide: base and new hold the same run ({run}), which says nothing about the run-to-run variation; ", l, StringComparison.Ordinal));
        Assert.Contains("gate --fail-on eps,p50,p90,p99,throttled,cpu: passed (none worse beyond noise; eps, p50, p90, p99, throttled, cpu cannot be decided, see above)", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TwoRunsWithTooLittleData_CannotDecideTheFiguresThatNeedTheirOwnInterval_AndSayWhy()
    {
        var one = await ShortAsync("short-a");
        var other = await ShortAsync("short-b");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", one, other, "--fail-on", "p50"], connectionString: null);

        Assert.True(exitCode == 0, stderr);
        Assert.Matches($@"(?m)^base: {Regex.Escape(one)} \(1 run, with no interval of its own: too little data: ", stdout);
        foreach (var figure in new[] { "eps", "p50", "p90", "p99" })
        {
            Assert.Matches($@"(?m)^{figure} .* cannot decide: base has no interval of its own \(too little data: .*\); run-to-run noise assumed ", stdout);
        }

        Assert.Contains("knobs: the same on both sides", stdout, StringComparison.Ordinal);
        Assert.Contains("gate --fail-on p50: passed (none worse beyond noise; p50 cannot be decided, see above)", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ARunStoppedByAbortIf_IsNamed_AndNoFigureIsDecided()
    {
        var whole = await SlowAsync();
        var stopped = await runs.AtRateAsync(azurite, "stopped", 60, "12s", "--abort-if", "eps<1000000 for 1s");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", whole, stopped, "--fail-on", "eps", "--json"], connectionString: null);

        Assert.True(exitCode == 0, stderr);
        var json = JsonNode.Parse(stdout)!.AsObject();
        Assert.All(json["figures"]!.AsArray(), f =>
        {
            Assert.Equal("cannot_decide", (string)f!["verdict"]!);
            Assert.StartsWith("new was stopped early by --abort-if eps<1000000 for 1s at second ", (string)f["undecided"]!, StringComparison.Ordinal);
        });
        Assert.False((bool)json["gate_failed"]!);
        Assert.Equal("eps", (string)json["gate_undecided"]![0]!);
        // abort_if is a gate, not a knob: the sides differ in nothing that shapes the load.
        Assert.Empty(json["knobs"]!.AsArray());
    }

    private static List<string> FigureLines(string stdout) =>
        [.. stdout.Split('\n').Where(l => l.Length > 0 && !l.StartsWith("base:", StringComparison.Ordinal) && !l.StartsWith("new:", StringComparison.Ordinal)
            && !l.StartsWith("knobs:", StringComparison.Ordinal) && !l.StartsWith("gate ", StringComparison.Ordinal)
            && !l.StartsWith("operations: insert alone on both sides", StringComparison.Ordinal))];

    [Fact]
    public async Task AThirdOfTheRate_IsWorseBeyondNoise_TheGateExits99_AndTheOtherWayIsBetter()
    {
        var slow = await SlowAsync();
        var fast = await FastAsync();

        var worse = await TableLoadProcess.RunAsync(["compare", fast, slow, "--fail-on", "eps"], connectionString: null);
        var better = await TableLoadProcess.RunAsync(["compare", slow, fast, "--fail-on", "eps"], connectionString: null);

        Assert.True(worse.ExitCode == 99, worse.Stdout + worse.Stderr);
        Assert.Matches(@"(?m)^eps .*: -[5-9]\d% .* WORSE; ", worse.Stdout);
        Assert.Contains("knobs: only rate differs (240 -> 60).", worse.Stdout, StringComparison.Ordinal);
        Assert.Contains("gate --fail-on eps: FAILED (eps worse beyond noise)", worse.Stdout, StringComparison.Ordinal);
        Assert.True(better.ExitCode == 0, better.Stdout + better.Stderr);
        Assert.Matches(@"(?m)^eps .* better; ", better.Stdout);

        // Assume runs of one configuration may land anywhere within their own size of each other, and 4× is within noise.
        var noisy = await TableLoadProcess.RunAsync(["compare", fast, slow, "--fail-on", "eps", "--run-noise", "100%"], connectionString: null);
        Assert.True(noisy.ExitCode == 0, noisy.Stdout + noisy.Stderr);
        Assert.Matches(@"(?m)^eps .* no difference beyond noise; ", noisy.Stdout);

        // The interval of a ratio, from its log: never below -100%, and the sides swapped give its inverse.
        var (down, downLow, _) = EpsChange(noisy.Stdout);
        Assert.InRange(downLow, -99.999, down);
        var swapped = await EpsJsonAsync(slow, fast);
        var straight = await EpsJsonAsync(fast, slow);
        Assert.Equal(1, (1 + straight.Low) * (1 + swapped.High), 9);
        Assert.Equal(1, (1 + straight.High) * (1 + swapped.Low), 9);
        Assert.Equal(1, (1 + straight.Change) * (1 + swapped.Change), 9);
    }

    private static async Task<(double Change, double Low, double High)> EpsJsonAsync(string baseSide, string newSide)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", baseSide, newSide, "--json", "--run-noise", "100%"], connectionString: null);
        Assert.True(exitCode == 0, stderr);
        var eps = JsonNode.Parse(stdout)!["figures"]!.AsArray().Single(f => (string)f!["figure"]! == "eps")!;
        return ((double)eps["relative_change"]!, (double)eps["relative_low"]!, (double)eps["relative_high"]!);
    }

    // eps's change and interval in percent, as the line prints them: "eps  240 e/s -> 60 e/s: -75% (95% CI -98% to +300%) …".
    private static (double Change, double Low, double High) EpsChange(string stdout)
    {
        var match = Regex.Match(stdout, @"(?m)^eps .*: ([-+][\d.]+)% \(95% CI ([-+][\d.]+)% to ([-+][\d.]+)%\)");
        Assert.True(match.Success, stdout);
        return (Percent(match.Groups[1].Value), Percent(match.Groups[2].Value), Percent(match.Groups[3].Value));
        static double Percent(string text) => double.Parse(text, System.Globalization.CultureInfo.InvariantCulture);
    }

    [Fact]
    public async Task Json_SaysWhatTheLinesSay()
    {
        var slow = await SlowAsync();
        var fast = await FastAsync();

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", fast, slow, "--json", "--fail-on", "eps"], connectionString: null);

        Assert.True(exitCode == 99, stderr);
        var json = JsonNode.Parse(stdout)!.AsObject();
        var eps = json["figures"]!.AsArray().Single(f => (string)f!["figure"]! == "eps")!;
        Assert.Equal("worse", (string)eps["verdict"]!);
        Assert.True((double)eps["change_high"]! < 0);
        Assert.True((bool)json["gate_failed"]!);
        Assert.Equal("rate", (string)json["knobs"]![0]!["name"]!);
        Assert.InRange((double)eps["relative_low"]!, -1, (double)eps["relative_change"]!);
        // Written as the lines print them: no \u003E for '>', \u002B for '+' or \u00B5 for 'µ'.
        Assert.Contains("e/s -> ", stdout, StringComparison.Ordinal);
        Assert.Contains("µs", stdout, StringComparison.Ordinal);
        Assert.DoesNotContain("\\u00", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ASweepCellsRepeats_AreOneSide_MeasuredByTheirSpread()
    {
        var cell = CellOf(await runs.RepeatsAsync(azurite), tasks: 2);

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", cell, cell], connectionString: null);

        Assert.True(exitCode == 0, stderr);
        Assert.Contains($"base: {cell} (2 runs: the spread of their figures)", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TwoCellsOfRepeats_TakeTheirRunToRunNoiseFromTheirPooledSpread_AndSaySo()
    {
        var sweep = await runs.RepeatsAsync(azurite);
        var (two, four) = (CellOf(sweep, tasks: 2), CellOf(sweep, tasks: 4));

        var lines = await TableLoadProcess.RunAsync(["compare", two, four], connectionString: null);
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", two, four, "--json"], connectionString: null);

        Assert.True(lines.ExitCode == 0 && exitCode == 0, lines.Stderr + stderr);
        Assert.All(FigureLines(lines.Stdout), l => Assert.Matches(@"; run-to-run noise: measured over 4 repeats \([\d.]+( points|%) a run\)$", l));
        var eps = Figure(stdout, "eps");
        Assert.Equal("measured", (string)eps["run_noise"]!["source"]!);
        Assert.Equal(4, (int)eps["run_noise"]!["repeats"]!);
        // The sample standard deviation of log(e/s) about each cell's own mean, pooled over both cells: 4 runs, 2 degrees of freedom.
        double[] Logs(string c) => [.. new[] { 1, 2 }.Select(r => Math.Log(MeanEps(RepeatNames.Of(c, r))))];
        var squares = new[] { Logs(two), Logs(four) }.Sum(g => g.Sum(v => (v - g.Average()) * (v - g.Average())));
        Assert.Equal(Math.Sqrt(squares / 2), (double)eps["run_noise"]!["share"]!, 9);
        Assert.Null(eps["runs_to_decide"]);
    }

    [Fact]
    public async Task RepeatsAgainstOneRun_LendTheRunTheirMeasuredSpread()
    {
        var cell = CellOf(await runs.RepeatsAsync(azurite), tasks: 4);
        var slow = await SlowAsync();

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", slow, cell], connectionString: null);

        Assert.True(exitCode == 0, stderr);
        Assert.Matches(@"(?m)^eps .*; run-to-run noise: measured over 2 repeats \([\d.]+% a run\)$", stdout);
        Assert.DoesNotContain("assumed", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunNoiseGiven_WinsOverRepeats_AndIsNamedAsTheUsers()
    {
        var sweep = await runs.RepeatsAsync(azurite);

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", CellOf(sweep, tasks: 2), CellOf(sweep, tasks: 4), "--run-noise", "12.5%", "--json"], connectionString: null);

        Assert.True(exitCode == 0, stderr);
        Assert.All(JsonNode.Parse(stdout)!["figures"]!.AsArray(), f =>
        {
            Assert.Equal("given", (string)f!["run_noise"]!["source"]!);
            Assert.Equal(0.125, (double)f["run_noise"]!["share"]!, 9);
            Assert.EndsWith("; run-to-run noise assumed 12.5% (yours, from --run-noise)", (string)f["line"]!, StringComparison.Ordinal);
        });
    }

    [Fact]
    public async Task TwoSingleRuns_SayTheNoiseIsAssumedAndWhereItCameFrom_AndHowManyRunsWouldDecide()
    {
        var slow = await SlowAsync();
        var fast = await FastAsync();

        var assumed = await TableLoadProcess.RunAsync(["compare", fast, slow], connectionString: null);
        var given = await TableLoadProcess.RunAsync(["compare", fast, slow, "--run-noise", "100%", "--json"], connectionString: null);
        var less = await TableLoadProcess.RunAsync(["compare", fast, slow, "--run-noise", "50%", "--json"], connectionString: null);

        Assert.True(assumed.ExitCode == 0 && given.ExitCode == 0 && less.ExitCode == 0, assumed.Stderr + given.Stderr + less.Stderr);
        const string Origin = "(measured on 12 tasks x 100, sdk, against Azurite: docs/analysis.md; give repeats to measure it)";
        Assert.Matches($@"(?m)^eps .* WORSE; run-to-run noise assumed 7% {Regex.Escape(Origin)}$", assumed.Stdout);
        Assert.Matches($@"(?m)^p99 .*; run-to-run noise assumed 10% {Regex.Escape(Origin)}$", assumed.Stdout);
        // p99.9 is compared by its declaration alone, after p99, with its own declared share.
        Assert.Matches($@"(?m)^p99 .*\n^p999 .*; run-to-run noise assumed 15% {Regex.Escape(Origin)}$", assumed.Stdout);
        // A fourfold fall that a 100% share leaves within noise: the runs a side that would put it beyond, fewer when runs spread less.
        var eps = Figure(given.Stdout, "eps");
        Assert.Equal("no_difference", (string)eps["verdict"]!);
        var runsNeeded = (int)eps["runs_to_decide"]!;
        Assert.InRange(runsNeeded, 2, 100);
        Assert.Contains($"no difference beyond noise; {runsNeeded} runs a side would decide a change this size (sweep --repeat {runsNeeded}); run-to-run noise assumed 100% (yours, from --run-noise)", (string)eps["line"]!, StringComparison.Ordinal);
        var fewer = Figure(less.Stdout, "eps");
        Assert.True(fewer["runs_to_decide"] is null ? (string)fewer["verdict"]! == "worse" : (int)fewer["runs_to_decide"]! < runsNeeded, less.Stdout);
    }

    private static string CellOf(string sweep, int tasks) =>
        Directory.GetDirectories(sweep, $"*-t{tasks}-*-r1").Single()[..^3];

    private static double MeanEps(string run) =>
        (double)JsonNode.Parse(File.ReadAllText(Path.Combine(run, "summary.json")))!["mean_entities_per_second"]!;

    private static JsonNode Figure(string json, string name) =>
        JsonNode.Parse(json)!["figures"]!.AsArray().Single(f => (string)f!["figure"]! == name)!;

    [Theory]
    [InlineData("--fail-on", "p98", "--fail-on 'p98' names no figure TableLoad measures")]
    [InlineData("--fail-on", "mean", "--fail-on 'mean' names a figure compare does not judge")]
    [InlineData("--fail-on", "eps,,p99", "--fail-on 'eps,,p99' has an empty item; give a comma-separated list of eps, ")]
    [InlineData("--run-noise", "lots", "--run-noise 'lots' is not a share from 0% to 100%")]
    public async Task ABadOption_IsOneSentence_ExitTwo(string option, string value, string expected)
    {
        var run = await ShortAsync("short-a");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["compare", run, run, option, value], connectionString: null);

        Assert.Equal(2, exitCode);
        Assert.StartsWith(expected, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
    }

    [Fact]
    public async Task EveryFault_IsSaidAtOnce_OneSentenceEach_ExitTwo()
    {
        var missing = Path.Combine(runs.Root, "nowhere");
        var run = await ShortAsync("short-a");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["compare", run, missing, "--fail-on", "p98", "--run-noise", "lots"], connectionString: null);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        var lines = stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Collection(
            lines,
            l => Assert.StartsWith("--fail-on 'p98' names no figure TableLoad measures", l, StringComparison.Ordinal),
            l => Assert.StartsWith("--run-noise 'lots' is not a share from 0% to 100%", l, StringComparison.Ordinal),
            l => Assert.StartsWith($"'{missing}' does not exist", l, StringComparison.Ordinal));
    }

    [Fact]
    public async Task AMissingSide_SaysItDoesNotExist_ExitTwo()
    {
        var missing = Path.Combine(runs.Root, "nowhere");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["compare", missing, missing], connectionString: null);

        Assert.Equal(2, exitCode);
        Assert.All(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries), line => Assert.StartsWith($"'{missing}' does not exist", line, StringComparison.Ordinal));
    }
}
