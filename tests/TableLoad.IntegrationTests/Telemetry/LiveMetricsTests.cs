using System.Net;
using System.Net.Sockets;
using System.Text.RegularExpressions;
using TableLoad.Cli;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Telemetry;

/// <summary>The TableLoad meter and its OTLP export, on real runs against Azurite.</summary>
[Collection(SweepAzuriteCollection.Name)]
public sealed class LiveMetricsTests(AzuriteFixture azurite)
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(1);

    // Ten batches of 20 a second: the meter needs a run that goes on for its seconds, not one that saturates the machine meanwhile.
    private static readonly string[] Trickle = ["--rate", "200", "--tasks", "4", "--batch-size", "20"];

    [Fact]
    public async Task MeterListener_AtTheEndOfARun_SeesTheTotalsOfSummaryJson()
    {
        var label = "meter-" + Guid.NewGuid().ToString("N")[..8];
        var output = Directory.CreateTempSubdirectory("tableload-meter-").FullName;
        using var totals = new MeterTotals(label);

        // In this process, so the listener hears the meter; the same command line a user types.
        var exitCode = await TableLoadCli.InvokeAsync(
            ["run", "--connection-string", azurite.ConnectionString, "--duration", "3s", "--warmup", "1s", .. Trickle, "--label", label, "--output", output, "--quiet"]);

        Assert.Equal(0, exitCode);
        var summary = new ResultFolder(output).Summary;
        var succeeded = summary.EntitiesSucceeded;
        Assert.True(succeeded > 0);
        var measured = ("phase", "measured");
        Assert.Equal(succeeded, totals.Sum("tableload.entities", measured, ("outcome", "succeeded")));
        Assert.Equal(summary.EntitiesFailed, totals.Sum("tableload.entities", measured, ("outcome", "failed")));
        foreach (var (outcome, count) in summary.Outcomes)
        {
            Assert.Equal(count, totals.Sum("tableload.batches", measured, ("outcome", outcome)));
        }

        Assert.Equal(summary.LatencyMs.Count, totals.Count("tableload.batch.duration", measured));
        Assert.Equal(summary.Warmup.Batches, totals.Sum("tableload.batches", ("phase", "warmup")));
        Assert.Equal(0, totals.Sum("tableload.retries", measured));
    }

    [Fact]
    public async Task MeterListener_OnRejectedBatches_CountsThemByErrorCode_AsSummaryJsonDoes()
    {
        var table = StoredEntities.NewTableName("meter");
        var label = "meter-rejected-" + Guid.NewGuid().ToString("N")[..8];
        string[] common = ["run", "--connection-string", azurite.ConnectionString, "--table", table, "--keep-table", "--tasks", "1", "--warmup", "0s", "--quiet"];
        Assert.Equal(0, await TableLoadCli.InvokeAsync([.. common, "--batches", "4", "--output", Directory.CreateTempSubdirectory("tableload-meter-").FullName]));
        var output = Directory.CreateTempSubdirectory("tableload-meter-").FullName;
        using var totals = new MeterTotals(label);

        // The same row keys again: the first four batches collide with what the first run stored.
        var exitCode = await TableLoadCli.InvokeAsync([.. common, "--batches", "10", "--allow-existing-table", "--label", label, "--output", output]);

        Assert.Equal(0, exitCode);
        var summary = new ResultFolder(output).Summary;
        var rejected = summary.RejectedByCode["EntityAlreadyExists"];
        Assert.True(rejected > 0);
        Assert.Equal(rejected, totals.Sum("tableload.batches", ("outcome", "rejected"), ("error_code", "EntityAlreadyExists")));
        Assert.Equal(summary.EntitiesFailed, totals.Sum("tableload.entities", ("outcome", "failed")));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task OtlpReceiver_WhileARunGoesOn_ReceivesExportsNamingTheInstruments(bool endpointAsFlag)
    {
        await using var receiver = await OtlpReceiver.StartAsync();
        var label = "otlp-" + Guid.NewGuid().ToString("N")[..8];
        using var run = StartRun(receiver.Address, label, "6s", endpointAsFlag: endpointAsFlag);

        await WaitUntilAsync(() => receiver.Received("tableload.entities") || run.HasExited, run);
        Assert.False(run.HasExited, "the first export came only after the run ended");
        Assert.Equal(0, await run.WaitForExitAsync(Limit));

        foreach (var name in new[] { "tableload.entities", "tableload.batches", "tableload.batch.duration", "tableload.batches.in_flight", "tableload.client.cpu.time", "run_id", "instance", "process", "client", label, "tableload-test" })
        {
            Assert.True(receiver.Received(name), $"no export named {name}");
        }

        Assert.DoesNotContain("OTLP", run.StandardError, StringComparison.Ordinal);
    }

    [Fact]
    public async Task OtlpReceiver_OfAMultiProcessRun_ReceivesEachWorkersOwnSeries()
    {
        await using var receiver = await OtlpReceiver.StartAsync();
        var output = Directory.CreateTempSubdirectory("tableload-otlp-fleet-").FullName;
        using var run = StartRun(receiver.Address, "otlp-fleet", "3s", output, processes: 2);

        Assert.True(await run.WaitForExitAsync(Limit) == 0, run.StandardError);

        // The attribute process=N as OTLP encodes it: key "process", then an AnyValue holding int_value N.
        Assert.True(receiver.Received(ProcessAttribute(1)), "no series from worker 1");
        Assert.True(receiver.Received(ProcessAttribute(0)) || receiver.Received([.. "\n\u0007process"u8, 0x12, 0x00]), "no series from worker 0");
    }

    private static byte[] ProcessAttribute(byte process) => [.. "\n\u0007process"u8, 0x12, 0x02, 0x18, process];

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Export_ToARefusingOrAbsentReceiver_LeavesTheRunAndItsResultsUntouched(bool receiverRefuses)
    {
        await using var refusing = receiverRefuses ? await OtlpReceiver.StartAsync(refuse: true) : null;
        var address = refusing?.Address ?? new Uri($"http://127.0.0.1:{UnusedPort()}");
        var output = Directory.CreateTempSubdirectory("tableload-otlp-down-").FullName;
        using var run = StartRun(address, "otlp-down", "3s", output);

        var exitCode = await run.WaitForExitAsync(Limit);

        Assert.True(exitCode == 0, run.StandardError);
        var folder = new ResultFolder(output);
        Assert.Equal("complete", folder.Summary.Status.ToSnakeCase());
        Assert.Equal(
            folder.Summary.EntitiesSucceeded,
            folder.Csv(ResultFiles.IntervalsCsv).Where(w => w["warmup"] == "false").Sum(w => ResultFolder.Count(w["entities_succeeded"])));
        Assert.True(folder.Summary.EntitiesSucceeded > 0);
        // Said once, then counted.
        Assert.Single(run.StandardError.Split('\n'), line => line.StartsWith("OTLP metric export failed", StringComparison.Ordinal));
        Assert.Contains("exports failed", run.StandardError, StringComparison.Ordinal);
        if (refusing is not null)
        {
            Assert.True(refusing.Requests > 0);
        }
    }

    [Fact]
    public async Task Export_FromWorkersToAnAbsentReceiver_IsSaidByTheCoordinator_OnceForEachWorker()
    {
        var output = Directory.CreateTempSubdirectory("tableload-otlp-down-fleet-").FullName;
        using var run = StartRun(new Uri($"http://127.0.0.1:{UnusedPort()}"), "otlp-down-fleet", "3s", output, processes: 2);

        var exitCode = await run.WaitForExitAsync(Limit);

        Assert.True(exitCode == 0, run.StandardError);
        Assert.Equal("complete", new ResultFolder(output).Summary.Status.ToSnakeCase());
        var lines = run.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        foreach (var worker in new[] { 0, 1 })
        {
            var said = $@"^worker {worker} \(pid \d+\): OTLP metric export";
            Assert.Single(lines, line => Regex.IsMatch(line, said + @" failed \(collector refused or unreachable\)"));
            Assert.Single(lines, line => Regex.IsMatch(line, said + @": \d+ of \d+ exports failed\.$"));
        }
    }

    [Fact]
    public async Task OtlpEndpoint_ThatIsNotAnAddress_IsRefusedInOneSentence_BeforeAnyRequest()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--otlp-endpoint", "collector:4317", "--duration", "1s"], azurite.ConnectionString);

        Assert.Equal(ExitCodes.BadInput, exitCode);
        Assert.Equal("--otlp-endpoint must be an http or https address such as http://localhost:4317, not 'collector:4317'.", stderr.Trim());
        Assert.Empty(stdout);
    }

    private TableLoadProcess StartRun(Uri collector, string label, string duration, string? output = null, bool endpointAsFlag = false, int processes = 1)
    {
        var environment = new Dictionary<string, string>
        {
            ["OTEL_EXPORTER_OTLP_PROTOCOL"] = "http/protobuf",
            ["OTEL_METRIC_EXPORT_INTERVAL"] = "500",
            ["OTEL_RESOURCE_ATTRIBUTES"] = "deployment.environment=tableload-test",
        };
        List<string> args = ["run", "--duration", duration, "--warmup", "1s", .. Trickle, "--label", label, "--output", output ?? Directory.CreateTempSubdirectory("tableload-otlp-").FullName, "--quiet"];
        args.AddRange(["--processes", processes.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
        if (endpointAsFlag)
        {
            args.AddRange(["--otlp-endpoint", collector.AbsoluteUri]);
        }
        else
        {
            environment["OTEL_EXPORTER_OTLP_ENDPOINT"] = collector.AbsoluteUri;
        }

        return TableLoadProcess.Start(args, azurite.ConnectionString, environment);
    }

    private static async Task WaitUntilAsync(Func<bool> condition, TableLoadProcess run)
    {
        var deadline = DateTime.UtcNow + Limit;
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < deadline, "no export arrived. stderr:\n" + run.StandardError);
            await Task.Delay(50);
        }
    }

    private static int UnusedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
