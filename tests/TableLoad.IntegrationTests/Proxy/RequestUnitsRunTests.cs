using System.Globalization;
using System.Text.Json;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using TableLoad.Reporting;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// Runs as a user makes them, through <c>tableload proxy</c> in each service's mode: the request units TableLoad reports
/// equal the proxy's own count, each throttled answer is classed by the limit the proxy said, and a target that sends no
/// charge (Azurite) gets no request-unit figure at all.
/// </summary>
[Collection(RequestUnitsAzuriteCollection.Name)]
public sealed class RequestUnitsRunTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    // A run that counts ends after its batches at any machine speed, the minute only its cap: a closed model held for seconds
    // spends both cores on batches (or refusals) that prove no more than forty do.
    private static readonly string[] FortyBatches = ["--batches", "40", "--duration", "1m"];

    private readonly string _output = Directory.CreateTempSubdirectory("tableload-ru-run-").FullName;

    [Theory]
    [InlineData("sdk", 1)]
    [InlineData("wire", 1)]
    [InlineData("wire", 2)]
    public async Task CosmosMode_RequestUnitTotal_EqualsTheProxysCount_AndTheProvisioningAnswerIsRuPerEntityTimesTheMeanAndPeakRate(string client, int processes)
    {
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "200000");

        var (summary, stdout) = await RunAsync(proxy.ConnectionString, "--client", client, "--processes", Text(processes));
        var stats = await proxy.StopAsync();

        var units = Assert.IsType<RequestUnitsSummary>(summary.RequestUnits);
        Assert.True(stats.RequestUnitsCharged > 0, "the proxy should have charged the run's batches");
        Assert.InRange(units.Total, stats.RequestUnitsCharged * 0.999, stats.RequestUnitsCharged * 1.001);
        Assert.Equal(0, units.Unreadable);
        Assert.Equal(units.Total / summary.EntitiesSucceeded, units.PerEntity, precision: 9);
        Assert.Equal(processes, summary.PerProcess.Count == 0 ? 1 : summary.PerProcess.Count);
        Assert.Contains(" RU/s (peak second ", stdout, StringComparison.Ordinal);
        Assert.Contains(" RU per entity", stdout, StringComparison.Ordinal);

        // The batch rows add up to the same total, and every second's column to it too.
        var folder = new ResultFolder(_output);
        var rows = Directory.GetFiles(_output, "batches*.csv").SelectMany(f => folder.Csv(Path.GetFileName(f))).ToList();
        Assert.Equal(units.Total, rows.Sum(r => ResultFolder.Number(r["request_units"])), tolerance: 0.05);
        Assert.Equal(units.Total, folder.Csv(ResultFiles.IntervalsCsv).Where(r => r["request_units"].Length > 0).Sum(r => ResultFolder.Number(r["request_units"])), tolerance: 0.05);

        // The provisioning answer, in summary.json and in its sentence.
        Assert.True(units.PerEntity > 0, "the proxy charges every write");
        Assert.Equal(units.PerEntity * summary.MeanEntitiesPerSecond, units.ProvisionRuPerSecond.Mean, precision: 6);
        Assert.Equal(units.PerEntity * summary.PeakEntitiesPerSecond, units.ProvisionRuPerSecond.Peak, precision: 6);
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(_output, ResultFiles.SummaryJson)));
        var provision = json.RootElement.GetProperty("request_units").GetProperty("provision_ru_per_second");
        Assert.Equal(units.ProvisionRuPerSecond.Mean, provision.GetProperty("mean").GetDouble());
        Assert.Equal(units.ProvisionRuPerSecond.Peak, provision.GetProperty("peak").GetDouble());
        Assert.Contains(
            $"provisioning: to sustain {summary.MeanEntitiesPerSecond:#,0} e/s of this entity, provision ≥ {Math.Ceiling(units.ProvisionRuPerSecond.Mean):#,0} RU/s (the peak second needed {Math.Ceiling(units.ProvisionRuPerSecond.Peak):#,0})",
            stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CosmosMode_AnOverload_NoSecondGrantsMoreThanTheBudget_TheProxyAndIntervalsCsvAddUpAlike_AndItSaysWhatItsTargetWouldNeed()
    {
        // A batch of ten 1 KB entities costs some 68 RU; the account has 150 each second, two batches' worth, which a run
        // asked for 100 batches a second overruns at any machine speed (one that managed 10 a second did not overrun 2,000).
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "150");

        var (summary, stdout) = await RunAsync(proxy.ConnectionString, ["--duration", "3s"], "--client", "wire", "--rate", "1000", "--batch-size", "10");
        var stats = await proxy.StopAsync();

        Assert.True(stats.ThrottledByLimit.RequestUnits > 0, "the load should have spent the budget");
        Assert.InRange(stats.RequestUnitsPeakSecond, 1, 150);
        var seconds = new ResultFolder(_output).Csv(ResultFiles.IntervalsCsv).Where(r => r["request_units"].Length > 0).ToList();
        Assert.Equal(stats.RequestUnitsCharged, seconds.Sum(r => ResultFolder.Number(r["request_units"])), tolerance: 0.05);
        Assert.Equal(summary.RequestUnits!.Total, stats.RequestUnitsCharged, tolerance: 0.05);

        // An open-model run short of its rate: what the target would need.
        var units = Assert.IsType<RequestUnitsSummary>(summary.RequestUnits);
        Assert.True(summary.MeanEntitiesPerSecond < 999, $"the budget should have held the run below its rate, not at {summary.MeanEntitiesPerSecond}");
        var needs = Math.Ceiling(Math.Round(units.PerEntity * 1000, 6));
        Assert.Contains($"provisioning: to sustain {summary.MeanEntitiesPerSecond:#,0} e/s of this entity, provision ≥ ", stdout, StringComparison.Ordinal);
        Assert.Contains($"; the target, 1,000 e/s, needs ≥ {needs:#,0} RU/s", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CosmosMode_AMix_SaysEachOperationsRequestUnits_InTheTerminal_AsSummaryJsonHasThem()
    {
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "200000");

        var (summary, stdout) = await RunAsync(
            proxy.ConnectionString, "--client", "wire", "--mix", "read:50,upsert-replace:50", "--key-space", "20", "--preload", "--batch-size", "5");

        Assert.Equal(["read", "upsert-replace"], summary.Operations.Keys.Order(StringComparer.Ordinal));
        foreach (var (name, operation) in summary.Operations)
        {
            var units = Assert.IsType<RequestUnitsSummary>(operation.RequestUnits);
            Assert.True(units.Total > 0, $"the proxy charges every {name}");
            Assert.Contains(
                $"request units of {name}: {Fixed(units.PerSecondMean, 1)} RU/s (peak second {Fixed(units.PerSecondPeak, 1)}), {Fixed(units.PerEntity, 2)} RU per entity; " +
                $"per request p50 {Fixed(units.PerBatch.P50, 2)}, p99 {Fixed(units.PerBatch.P99, 2)} RU; {Fixed(units.Total, 2)} RU in all",
                stdout, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task CosmosMode_WithAWarmup_MeasuredAndWarmupRequestUnits_AddUpToTheProxysCount()
    {
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "200000");

        // The open model: a batch belongs to the phase it was due in, so the batches due in the first second are the warm-up's at
        // any machine speed (closed, a busy machine's tasks once sent their first batch after the warm-up had ended).
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--duration", "3s", "--warmup", "1s", "--tasks", "4", "--rate", "400", "--client", "sdk", "--output", _output], proxy.ConnectionString);
        log.WriteLine(stdout + stderr);
        var stats = await proxy.StopAsync();

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        var warmup = Assert.IsType<double>(summary.Warmup.RequestUnits);
        Assert.True(warmup > 0, "the warm-up's batches were charged too");
        Assert.InRange(summary.RequestUnits!.Total + warmup, stats.RequestUnitsCharged * 0.999, stats.RequestUnitsCharged * 1.001);
    }

    [Fact]
    public async Task CosmosMode_AWarmupsBacklogSpendingTheBudget_TheThrottleLineHoldsTheBudgetAgainstWhatEveryAnswerSpent()
    {
        // 1,000 RU/s hold some 15 batches of ten 1 KB entities a second; the run asks 30, so the warm-up's batches pile up behind their
        // 429s' waits at any machine speed, and those left at its end answer in the measured seconds, spending their budget.
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "1000");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--duration", "4s", "--warmup", "2s", "--tasks", "4", "--rate", "300", "--batch-size", "10", "--retries", "5", "--client", "wire", "--output", _output],
            proxy.ConnectionString);
        log.WriteLine(stdout + stderr);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        var units = Assert.IsType<RequestUnitsSummary>(summary.RequestUnits);
        Assert.True(units.WarmupInMeasuredSeconds > 0, "the warm-up's backlog should have answered in the measured seconds");
        // The warm-up's windows of measured seconds in intervals.csv hold the same request units.
        var seconds = new ResultFolder(_output).Csv(ResultFiles.IntervalsCsv);
        var firstMeasured = seconds.Where(r => r["warmup"] == "false").Min(r => ResultFolder.Number(r["epoch_s"]));
        var late = seconds.Where(r => r["warmup"] == "true" && ResultFolder.Number(r["epoch_s"]) >= firstMeasured && r["request_units"].Length > 0);
        // Sums agree to a tolerance, not a rounding: rounded to a tenth, 1708.2500000000002 and 1708.25 once differed.
        Assert.Equal(late.Sum(r => ResultFolder.Number(r["request_units"])), units.WarmupInMeasuredSeconds, tolerance: 0.05);
        Assert.Equal((units.Total + units.WarmupInMeasuredSeconds) / summary.MeasuredSeconds, units.SpentPerSecondMean, precision: 6);
        Assert.True(units.SpentPerSecondPeak >= units.PerSecondPeak, "the busiest second of every answer holds the measured batches' busiest");

        Assert.Contains(
            $"({Whole(units.PerSecondMean)} by the measured batches, {Whole(units.SpentPerSecondMean - units.PerSecondMean)} by the warm-up's that answered in them) and " +
            $"{Whole(units.SpentPerSecondPeak)} in the run's busiest second, about what the account provides a second, storing {Whole(summary.MeanEntitiesPerSecond)} e/s",
            stdout, StringComparison.Ordinal);
        Assert.Contains($"at {Whole(units.SpentPerSecondMean)} RU/s spent in the measured seconds (", stdout, StringComparison.Ordinal);
        Assert.DoesNotContain("RU/s measured, about what the account provides", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CosmosMode_ReportOfTwoRuns_AddsTheirRequestUnits_AndDrawsPerBatchFromTheirMergedHistograms()
    {
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "200000");
        // report merges runs that ran at the same time, as instances of one load on several machines: one --start-at makes
        // their seconds the same ones however long each took to start, and each one's steady four batches a second (the open
        // model's, at any machine speed) put both runs' batches in every second.
        var instances = await StartTogether.StartAsync((startAt, attempt) => new[] { "a", "b" }.Select(part => TableLoadProcess.Start(
            ["run", "--start-at", startAt, "--label", $"{part}-{attempt}", "--duration", "3s", "--warmup", "0s", "--tasks", "4", "--rate", "400", "--client", "wire", "--output", Path.Combine(_output, part)],
            proxy.ConnectionString)).ToList());
        foreach (var instance in instances)
        {
            using (instance)
            {
                Assert.True(await instance.WaitForExitAsync(TimeSpan.FromMinutes(2)) == 0, instance.StandardError);
            }
        }

        var parts = new[] { "a", "b" }.Select(part => new ResultFolder(Path.Combine(_output, part)).Summary).ToList();

        var merged = Path.Combine(_output, "merged");
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["report", Path.Combine(_output, "a"), Path.Combine(_output, "b"), "--label", "both", "--output", merged], connectionString: null);
        log.WriteLine(stdout + stderr);
        var stats = await proxy.StopAsync();

        Assert.True(exitCode == 0, stderr);
        var units = new ResultFolder(merged).Summary.RequestUnits!;
        Assert.Equal(parts.Sum(p => p.RequestUnits!.Total), units.Total, precision: 6);
        Assert.InRange(units.Total, stats.RequestUnitsCharged * 0.999, stats.RequestUnitsCharged * 1.001);
        // The runs' seconds are added before the peak is taken (intervals.csv keeps two decimals): at least either run's own peak, at most both together.
        Assert.InRange(units.PerSecondPeak, parts.Max(p => p.RequestUnits!.PerSecondPeak), parts.Sum(p => p.RequestUnits!.PerSecondPeak) + 0.01);
        Assert.True(units.PerSecondPeak > parts.Max(p => p.RequestUnits!.PerSecondPeak), "the runs ran at the same time, so some second holds both");
        Assert.InRange(units.PerBatch.P50, parts.Min(p => p.RequestUnits!.PerBatch.P50), parts.Max(p => p.RequestUnits!.PerBatch.P50));
        Assert.Equal(parts.Sum(p => p.RequestUnits!.Batches), units.Batches);
        Assert.Contains(" RU per entity", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CosmosMode_Sweep_RowsCarryEachCellsRequestUnits_AndAzuriteCellsLeaveThemEmpty()
    {
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "200000");
        var cosmos = Path.Combine(_output, "cosmos");
        var storage = Path.Combine(_output, "storage");

        foreach (var (output, connectionString) in new[] { (cosmos, proxy.ConnectionString), (storage, azurite.ConnectionString) })
        {
            var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
                ["sweep", "--client", "sdk,wire", "--tasks", "1", "--batches", "3", "--warmup", "0s", "--output", output], connectionString);
            log.WriteLine(stdout + stderr);
            Assert.True(exitCode == 0, stderr);
        }

        var rows = new ResultFolder(cosmos).Csv(ResultFiles.SweepCsv);
        Assert.Equal(2, rows.Count);
        Assert.All(rows, row =>
        {
            var units = new ResultFolder(Path.Combine(cosmos, row["cell"])).Summary.RequestUnits!;
            Assert.Equal(units.PerEntity, ResultFolder.Number(row["ru_per_entity"]));
            Assert.Equal(units.PerSecondMean, ResultFolder.Number(row["ru_per_second"]));
        });
        Assert.All(new ResultFolder(storage).Csv(ResultFiles.SweepCsv), row => Assert.Equal(("", ""), (row["ru_per_entity"], row["ru_per_second"])));
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task CosmosMode_BudgetSpent_ThrottlesAreRequestUnits_WithTheirRequestIdsAndSubStatus_AndTheRunNamesTheBudget(string client)
    {
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "300");

        var (summary, stdout) = await RunAsync(proxy.ConnectionString, "--client", client, "--retries", "0");
        var stats = await proxy.StopAsync();

        Assert.True(stats.ThrottledByLimit.RequestUnits > 0, "the load should have spent the budget");
        Assert.Equal(stats.ThrottledByLimit.RequestUnits, summary.Throttling!.ByLimit["request_units"]);
        var throttledAnswers = summary.Throttling.ByLimit["request_units"];
        Assert.Contains($"throttled by the RU budget: {throttledAnswers:#,0} throttled answers said the second's request units were spent (429, sub-status 3200), at ", stdout, StringComparison.Ordinal);
        Assert.Equal(0, summary.Throttling.ByLimit.Where(e => e.Key != "request_units").Sum(e => e.Value));
        Assert.InRange(summary.RequestUnits!.Total, stats.RequestUnitsCharged * 0.999, stats.RequestUnitsCharged * 1.001);
        var throttled = new ResultFolder(_output).Csv(ResultFiles.BatchesCsv).Where(r => r["outcome"] == "too_many_requests").ToList();
        Assert.Equal(stats.Throttled.TooManyRequests, throttled.Count);
        Assert.All(throttled, r =>
        {
            Assert.Equal("request_units", r["throttle_limit"]);
            Assert.Equal("3200", r["sub_status"]);
            Assert.True(Guid.TryParse(r["request_id"], out _), r["request_id"]);
            Assert.True(ResultFolder.Count(r["retry_after_ms"]) >= 1, r["retry_after_ms"]);
            Assert.Equal("", r["request_units"]);
        });
    }

    [Theory]
    [InlineData("sdk", "--partition-limit", "300", "single")]
    [InlineData("wire", "--partition-limit", "300", "single")]
    [InlineData("sdk", "--account-limit", "300", "spread:8")]
    [InlineData("wire", "--account-limit", "300", "spread:8")]
    [InlineData("sdk", "--account-ingress-limit", "300000", "spread:8")]
    [InlineData("wire", "--account-egress-limit", "30000", "spread:8")]
    public async Task StorageMode_ThrottledAnswers_AreClassedByTheLimitTheProxyNamed_AndNoRequestUnitsAreSaid(string client, string option, string limit, string partitions)
    {
        await using var proxy = await ProxyChild.StartAsync(azurite, option, limit);

        var (summary, stdout) = await RunAsync(proxy.ConnectionString, "--client", client, "--retries", "0", "--partitions", partitions);
        var stats = await proxy.StopAsync();

        var byLimit = summary.Throttling!.ByLimit;
        var proxys = new Dictionary<string, long>
        {
            ["partition_or_unnamed"] = stats.ThrottledByLimit.Partition, ["account_operations"] = stats.ThrottledByLimit.Account,
            ["account_ingress"] = stats.ThrottledByLimit.AccountIngress, ["account_egress"] = stats.ThrottledByLimit.AccountEgress, ["request_units"] = 0,
        };
        Assert.Equal(proxys.OrderBy(e => e.Key, StringComparer.Ordinal), byLimit.OrderBy(e => e.Key, StringComparer.Ordinal));
        var named = option switch
        {
            "--partition-limit" => "partition_or_unnamed",
            "--account-limit" => "account_operations",
            "--account-ingress-limit" => "account_ingress",
            _ => "account_egress",
        };
        Assert.True(byLimit[named] > 0, $"the load should have gone over {option}");
        var refused = new ResultFolder(_output).Csv(ResultFiles.BatchesCsv).Where(r => r["outcome"] == "server_busy").ToList();
        Assert.All(refused, r => Assert.True(Guid.TryParse(r["request_id"], out _), r["request_id"]));
        Assert.Equal(byLimit[named], refused.Count(r => r["throttle_limit"] == named));
        // The run's throttling line names the limit outright from what the answers said, with their count.
        var said = named switch
        {
            "partition_or_unnamed" => $"throttled by the partition's target: {byLimit[named]:#,0} throttled answers named no account limit, at ",
            _ => $"throttled by the account's {named["account_".Length..]} limit: {byLimit[named]:#,0} throttled answers named it",
        };
        Assert.Contains(said, stdout, StringComparison.Ordinal);
        AssertNoRequestUnits(summary, stdout);
    }

    [Theory]
    [InlineData("sdk", "not-a-number")]
    [InlineData("wire", "negative")]
    public async Task CosmosMode_MalformedCharge_IsCountedUnreadable_SaidOnce_AndTheRunCompletes(string client, string fault)
    {
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "200000", "--charge-header-fault", fault);

        var (summary, stdout) = await RunAsync(proxy.ConnectionString, "--client", client);
        var stats = await proxy.StopAsync();

        var units = Assert.IsType<RequestUnitsSummary>(summary.RequestUnits);
        Assert.Equal(0, units.Total);
        Assert.Equal(0, units.Batches);
        Assert.Equal(stats.Batches, units.Unreadable);
        Assert.Equal(RunStatus.Complete, summary.Status);
        Assert.Single(stdout.Split('\n'), line => line.Contains("x-ms-request-charge that is not a non-negative number", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Azurite_SendsNoCharge_RequestUnitsAreAbsent_AndNothingIsSaidOfThem()
    {
        var (summary, stdout) = await RunAsync(azurite.ConnectionString, "--client", "wire");

        AssertNoRequestUnits(summary, stdout);
        Assert.All(new ResultFolder(_output).Csv(ResultFiles.BatchesCsv), r => Assert.Equal("", r["request_units"]));
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private void AssertNoRequestUnits(RunSummary summary, string stdout)
    {
        Assert.Null(summary.RequestUnits);
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(_output, ResultFiles.SummaryJson)));
        Assert.False(json.RootElement.TryGetProperty("request_units", out _), "summary.json should have no request_units");
        Assert.DoesNotContain("RU", stdout, StringComparison.Ordinal);
        Assert.DoesNotContain("request unit", stdout, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("provision", stdout, StringComparison.Ordinal);
    }

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);

    private static string Whole(double value) => value.ToString("#,0", CultureInfo.InvariantCulture);

    private static string Fixed(double value, int decimals) => value.ToString("F" + decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);

    private Task<(RunSummary Summary, string Stdout)> RunAsync(string connectionString, params string[] options) => RunAsync(connectionString, FortyBatches, options);

    private async Task<(RunSummary Summary, string Stdout)> RunAsync(string connectionString, string[] span, params string[] options)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", .. span, "--warmup", "0s", "--tasks", "4", "--output", _output, .. options], connectionString);
        log.WriteLine(stdout);
        log.WriteLine(stderr);

        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        return (new ResultFolder(_output).Summary, stdout);
    }
}
