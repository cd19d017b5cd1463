using System.Net;
using System.Net.Sockets;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--operation and --key-space refused as a user meets it: one sentence, exit code 2, and not one connection to the target.</summary>
public sealed class OperationRefusalTests
{
    [Theory]
    [InlineData("--key-space goes with --operation upsert-replace or upsert-merge: the service refuses an insert of a key that exists (409 EntityAlreadyExists).",
        "--key-space", "500")]
    [InlineData("--key-space (50) must be at least --batch-size (100): a batch may not hold the same RowKey twice.",
        "--operation", "upsert-merge", "--key-space", "50")]
    [InlineData("--operation must be insert, upsert-replace or upsert-merge, not 'delete'.",
        "--operation", "delete")]
    [InlineData("--key-space must be between 1 and 100000000 keys, not 0.",
        "--operation", "upsert-replace", "--key-space", "0")]
    public async Task BadOperationOrKeySpace_OneSentence_ExitTwo_NoRequest(string sentence, params string[] options)
    {
        using var target = new TcpListener(IPAddress.Loopback, 0);
        target.Start();
        var port = ((IPEndPoint)target.LocalEndpoint).Port;
        var connectionString = $"DefaultEndpointsProtocol=http;AccountName={AzuriteFixture.AccountName};AccountKey={AzuriteFixture.AccountKey};TableEndpoint=http://127.0.0.1:{port}/{AzuriteFixture.AccountName};";

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--duration", "1s", .. options], connectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Equal(sentence, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)));
        Assert.False(target.Pending(), "a refused run must not connect to the target");
    }
}
