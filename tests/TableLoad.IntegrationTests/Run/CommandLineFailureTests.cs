using System.Net;
using System.Net.Sockets;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Run;

/// <summary>The program as a user meets it: one sentence and an exit code, never a stack trace or a hang.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class CommandLineFailureTests(AzuriteFixture azurite)
{
    [Theory]
    [InlineData("--batch-size", "101", "--batch-size")]
    [InlineData("--entity-size", "2000000", "--entity-size")]
    [InlineData("--partitions", "diagonal", "--partitions")]
    [InlineData("--key-prefix", "a/b", "--key-prefix")]
    [InlineData("--duration", "soon", "--duration")]
    [InlineData("--tasks", "zero", "--tasks")]
    [InlineData("--client", "rest", "--client")]
    [InlineData("--start-at", "2026-01-01T10:00:00Z", "--start-at")]
    [InlineData("--batch-log-buffer", "0", "--batch-log-buffer")]
    [InlineData("--verbosity", "loud", "--verbosity must be quiet, normal or detailed")]
    [InlineData("--verbosity", "1", "--verbosity must be quiet, normal or detailed")]
    public async Task BadInput_PrintsOneSentence_ExitsTwo_AndCreatesNoTable(string option, string value, string named)
    {
        var table = StoredEntities.NewTableName("bad");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--table", table, option, value], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains(named, line, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", stderr, StringComparison.Ordinal);
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "bad input must be refused before any table is created");
    }

    [Fact]
    public async Task SeveralBadOptions_AreAllSaid_OneSentenceEach_ExitTwo_AndCreateNoTable()
    {
        var table = StoredEntities.NewTableName("bad");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--table", table, "--batch-size", "101", "--tasks", "0", "--retries", "500", "--duration", "soon"], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        var lines = stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Collection(
            lines,
            line => Assert.StartsWith("--batch-size must be", line, StringComparison.Ordinal),
            line => Assert.StartsWith("--tasks must be", line, StringComparison.Ordinal),
            line => Assert.StartsWith("--duration 'soon' is not a duration", line, StringComparison.Ordinal),
            line => Assert.StartsWith("--retries must be", line, StringComparison.Ordinal));
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "bad input must be refused before any table is created");
    }

    [Fact]
    public async Task OptionFaults_AndAFaultAcrossOptions_AreSaidTogether_OneSentenceEach_ExitTwo()
    {
        var table = StoredEntities.NewTableName("bad");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--table", table, "--tasks", "0", "--entity-size", "4", "--properties", "8", "--key-prefix", "a/b"], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Collection(
            stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries),
            line => Assert.Equal("--tasks must be between 1 and 10000, not 0.", line),
            line => Assert.StartsWith("--key-prefix may not contain '/'", line, StringComparison.Ordinal),
            line => Assert.Equal("--entity-size (4) must be at least --properties (8): every property needs one byte.", line));
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "bad input must be refused before any table is created");
    }

    [Fact]
    public async Task SeveralValuesThatDoNotParse_AreAllSaid_OneSentenceEach_ExitTwo()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--tasks", "zero", "--retries", "many"], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Collection(
            stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries),
            line => Assert.Equal("--tasks 'zero' is not a whole number; see 'tableload run --help'.", line),
            line => Assert.Equal("--retries 'many' is not a whole number; see 'tableload run --help'.", line));
    }

    [Fact]
    public async Task EntraOverPlainHttp_IsRefusedAsBadInput_BeforeAnyRequest()
    {
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["run", "--endpoint", azurite.TableEndpoint.ToString(), "--auth", "entra"], connectionString: null);

        Assert.Equal(2, exitCode);
        Assert.Contains("--auth entra needs an https --endpoint", Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
    }

    [Fact]
    public async Task EntraWithoutAnyCredential_PrintsOneSentence_ExitsThree()
    {
        // Only the environment credential is tried (no managed-identity probe leaves this machine), and it has nothing.
        using var run = TableLoadProcess.Start(
            ["run", "--endpoint", $"https://127.0.0.1:{FreePort()}/devstoreaccount1", "--auth", "entra", "--timeout", "5s"], connectionString: null,
            environment: ("AZURE_TOKEN_CREDENTIALS", "EnvironmentCredential"));
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.Equal(3, exitCode);
        var line = Assert.Single(run.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("no Microsoft Entra token", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task UnreachableEndpoint_PrintsOneSentence_ExitsThree()
    {
        var closedPort = FreePort();
        var connection = $"DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={AzuriteFixture.AccountKey};TableEndpoint=http://127.0.0.1:{closedPort}/devstoreaccount1;";

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["run", "--timeout", "5s"], connection, TimeSpan.FromSeconds(30));

        Assert.Equal(3, exitCode);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains($"127.0.0.1:{closedPort}", line, StringComparison.Ordinal);
        Assert.DoesNotContain(AzuriteFixture.AccountKey, stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Interrupt_WritesEveryResultFile_AndMarksTheSummaryInterrupted()
    {
        var output = Directory.CreateTempSubdirectory("tableload-int-").FullName;
        // At a trickle: the interrupt is the same whatever the load, and flat out it would fill the cores until it comes.
        using var process = TableLoadProcess.Start(
            ["run", "--duration", "5m", "--warmup", "0s", "--tasks", "4", "--batch-size", "10", "--rate", "200", "--output", output], azurite.ConnectionString);
        await process.WaitForErrorTextAsync("e/s", TimeSpan.FromSeconds(30));

        process.Signal(2);
        var exitCode = await process.WaitForExitAsync(TimeSpan.FromSeconds(45));

        Assert.Equal(130, exitCode);
        var folder = new ResultFolder(output);
        Assert.Equal("interrupted", folder.Summary.Status.ToSnakeCase());
        var succeeded = folder.Csv(ResultFiles.BatchesCsv).Where(b => b["outcome"] == "succeeded").Sum(b => ResultFolder.Count(b["entities"]));
        Assert.Equal(folder.Summary.EntitiesSucceeded, succeeded);
        Assert.Contains("(interrupted)", process.StandardOutput, StringComparison.Ordinal);
        Directory.Delete(output, recursive: true);
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
