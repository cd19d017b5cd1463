using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Measurement;
using TableLoad.Proxy;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Faults;

/// <summary>
/// The faults a run can meet, each through <c>tableload proxy</c> or a signal: the run ends with its documented exit
/// code, every result file parses, batches.csv has a row for every batch the summary counts, and what Azurite holds
/// is what the run reported (after a second Ctrl+C too: the abandoned batches are read back). A frozen service and a killed worker are the cases of
/// FrozenServiceTests and MultiProcessRunTests, which make the same checks.
/// </summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class FaultMatrixTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private const int BatchSize = 100;
    private const int Tasks = 4;
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-faults-").FullName;

    public static TheoryData<string> Faults =>
        ["throttled_with_retries", "lost_answers", "delayed_past_the_timeout", "resets", "ctrl_c_once", "ctrl_c_twice", "ctrl_c_twice_processes",
         "ctrl_c_twice_before_forwarding"];

    [Theory]
    [MemberData(nameof(Faults))]
    public async Task Fault_EndsWithItsExitCode_EveryFileParses_AndEveryStoredEntityIsExplained(string fault)
    {
        var fixture = FaultCase.Of(fault);
        await using var proxy = await InProcessProxy.StartAsync(azurite, settings => fixture.Proxy(settings with { PartitionLimit = 1e9, AccountLimit = 1e9, Seed = 13 }));
        var table = StoredEntities.NewTableName("fault");
        using var run = TableLoadProcess.Start(
            ["run", "--table", table, "--keep-table", "--tasks", Tasks.ToString(CultureInfo.InvariantCulture), "--batch-size", BatchSize.ToString(CultureInfo.InvariantCulture), "--warmup", "0s",
             "--verify", "--output", _output, .. fixture.Args],
            proxy.ConnectionString);
        await fixture.Drive(run, proxy);
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        var results = new ResultFolder(_output);
        var summary = results.ParseEveryFile();
        var stored = (await StoredEntities.CountByPartitionAsync(azurite, table)).Values.Sum();
        var reported = summary.EntitiesSucceeded + summary.Warmup.EntitiesSucceeded;
        log.WriteLine($"{fault}: exit {exitCode}; batches by outcome {Outcomes(summary)}; retries {summary.Retries}, verified by read {summary.VerifiedByRead}; " +
            $"abandoned read back: {summary.Abandoned.Stored} stored, {summary.Abandoned.NotStored} not stored, {summary.Abandoned.Unknown} unknown; stored {stored}, reported {reported}");
        log.WriteLine(run.StandardError);
        await DeleteAsync(table);

        Assert.True(exitCode == fixture.ExitCode, $"exit {exitCode}: {run.StandardError}");
        Assert.DoesNotContain("   at ", run.StandardError, StringComparison.Ordinal);
        fixture.Check(summary);
        Assert.Equal(
            summary.Outcomes.Where(o => o.Value + summary.Warmup.Outcomes[o.Key] > 0).ToDictionary(o => o.Key, o => o.Value + summary.Warmup.Outcomes[o.Key]),
            Directory.GetFiles(_output, "batches*.csv").SelectMany(f => results.Csv(Path.GetFileName(f))).CountBy(row => row["outcome"]).ToDictionary(c => c.Key, c => (long)c.Value));
        Assert.Equal(reported, stored);
        Assert.Contains($"stored {stored} entities: matches", run.StandardOutput, StringComparison.Ordinal);
        if (summary.Abandoned != AbandonedBatches.None)
        {
            var (s, n, u) = summary.Abandoned;
            Assert.Contains($"abandoned batches read back: {s} stored (counted as succeeded), {n} not stored, {u} unknown", run.StandardOutput, StringComparison.Ordinal);
        }
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private static string Outcomes(RunSummary summary) => string.Join(", ", summary.Outcomes
        .Select(o => (o.Key, Count: o.Value + summary.Warmup.Outcomes.GetValueOrDefault(o.Key)))
        .Where(o => o.Count > 0)
        .Select(o => $"{o.Key} {o.Count}"));

    private async Task DeleteAsync(string table)
    {
        using var client = StoredEntities.Client(azurite);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    /// <summary>One fault: how the proxy misbehaves, the run's arguments, what is done to the run, and what it must then show.</summary>
    private sealed record FaultCase(
        Func<ProxySettings, ProxySettings> Proxy,
        string[] Args,
        Func<TableLoadProcess, InProcessProxy, Task> Drive,
        int ExitCode,
        Action<RunSummary> Check)
    {
        private static readonly string[] ShortRun = ["--duration", "2s", "--quiet"];

        // The n-th batch's fault is the seed's, so thirty batches meet the same faults at any machine speed, and end the run
        // sooner than seconds of a closed model's load (the minute is only a cap).
        private static readonly string[] ThirtyBatches = ["--batches", "30", "--duration", "1m", "--quiet"];
        private static readonly string[] UntilInterrupted = ["--duration", "5m"];

        public static FaultCase Of(string fault) => fault switch
        {
            // A batch of 100 a second: the tasks' first batches alone go over it, however slowly the machine sends them.
            "throttled_with_retries" => new(
                s => s with { PartitionLimit = 100 }, [.. ShortRun, "--retries", "3"], NoAction, 0,
                summary => Assert.True(summary.Retries > 0, "the partition limit should have caused retries")),
            "lost_answers" => new(
                s => s with { LoseAnswerRate = 0.2 }, [.. ThirtyBatches, "--retries", "2"], NoAction, 0,
                summary => Assert.True(summary.VerifiedByRead > 0, "lost answers should be settled by reading back")),
            "delayed_past_the_timeout" => new(
                // A count of batches, not a duration: a busy machine once sent none in 2 s, and then no answer was late.
                s => s with { DelayAnswerRate = 0.2, DelayAnswer = TimeSpan.FromSeconds(3) }, ["--batches", "30", "--quiet", "--timeout", "1s", "--retries", "2"], NoAction, 0,
                summary => Assert.True(summary.VerifiedByRead > 0, "answers later than the timeout should be settled by reading back")),
            "resets" => new(
                s => s with { ResetRate = 0.2 }, [.. ThirtyBatches], NoAction, 0,
                summary => Assert.True(summary.Outcomes["network_failure"] > 0, "resets should be network failures")),
            // Four batches a second until the first progress line: the interrupt, not the load, is what is tested.
            "ctrl_c_once" => new(
                s => s, [.. UntilInterrupted, "--rate", "400"], (run, _) => InterruptAsync(run, times: 1, () => run.WaitForErrorTextAsync("e/s", TimeSpan.FromSeconds(30))), 130,
                summary => Assert.Equal(RunStatus.Interrupted, summary.Status)),
            // Half the batches commit and then have their answer held past the run, so every task has one in flight when
            // the second Ctrl+C abandons them; reading them back finds each stored.
            "ctrl_c_twice" => AbandonedInFlight(CommittedAnswersHeld, [], stored: true),
            "ctrl_c_twice_processes" => AbandonedInFlight(CommittedAnswersHeld, ["--processes", "2"], stored: true),
            // Every batch waits in the proxy before it is forwarded; abandoned there, none reaches the table.
            "ctrl_c_twice_before_forwarding" => AbandonedInFlight(
                (s => s with { Latency = LatencyDistribution.TryParse("20s", out var latency) ? latency : throw new FormatException() },
                 proxy => proxy.Stats.AddedLatencyMs >= Tasks * 20_000),
                [], stored: false),
            _ => throw new ArgumentOutOfRangeException(nameof(fault), fault, "no such fault case"),
        };

        private static readonly (Func<ProxySettings, ProxySettings> Proxy, Func<InProcessProxy, bool> EveryTaskInFlight) CommittedAnswersHeld =
            (s => s with { DelayAnswerRate = 0.5, DelayAnswer = TimeSpan.FromMinutes(2) }, proxy => proxy.Stats.DelayedAnswers >= Tasks);

        /// <summary>A second Ctrl+C once the proxy holds a batch of every task (in a multi-process run, as many as one process has tasks): each is abandoned, then read back.</summary>
        private static FaultCase AbandonedInFlight(
            (Func<ProxySettings, ProxySettings> Proxy, Func<InProcessProxy, bool> EveryTaskInFlight) fault, string[] args, bool stored) => new(
            fault.Proxy,
            [.. UntilInterrupted, .. args],
            (run, proxy) => InterruptAsync(run, times: 2, () => UntilAsync(() => fault.EveryTaskInFlight(proxy), run)),
            130,
            summary =>
            {
                Assert.Equal(RunStatus.Interrupted, summary.Status);
                var abandoned = summary.Outcomes["abandoned"] + summary.Warmup.Outcomes["abandoned"];
                Assert.True(abandoned >= Tasks, $"the second Ctrl+C should have abandoned every task's batch, not {abandoned}");
                // Every abandoned batch is settled; those whose answer the proxy held committed (a task caught between two
                // held answers, on its way to the table, may be found not stored).
                Assert.Equal((abandoned, 0L), (summary.Abandoned.Stored + summary.Abandoned.NotStored, summary.Abandoned.Unknown));
                Assert.True(stored ? summary.Abandoned.Stored >= Tasks : summary.Abandoned.Stored == 0, $"read back stored: {summary.Abandoned.Stored}");
            });

        private static Task NoAction(TableLoadProcess run, InProcessProxy proxy) => Task.CompletedTask;

        private static async Task InterruptAsync(TableLoadProcess run, int times, Func<Task> ready)
        {
            await ready();
            run.Signal(2);
            if (times == 2)
            {
                await run.WaitForErrorTextAsync("Ctrl+C again", TimeSpan.FromSeconds(10));
                run.Signal(2);
            }
        }

        private static async Task UntilAsync(Func<bool> condition, TableLoadProcess run)
        {
            // Generous: two processes started under the suite's own load (a load average of 41 once) took more than 30 s to
            // have a batch of every task held; a fast machine reaches it in a second or two and never waits for the rest.
            var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(120);
            while (!condition())
            {
                Assert.True(DateTime.UtcNow < deadline && !run.HasExited, "the proxy never held an answer of every task. stderr:\n" + run.StandardError);
                await Task.Delay(50);
            }
        }
    }
}
