using System.Net;
using System.Net.Sockets;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>A run refused as a user meets it: against a listener that counts connections, it must say one sentence and exit 2 before any request.</summary>
internal static class RefusedRun
{
    /// <param name="duration">The --duration given on the command line, which overrides a profile's stages; null for none.</param>
    public static Task AssertRefusedAsync(string sentence, string[] options, string? duration = "1s") =>
        AssertCommandRefusedAsync(sentence, ["run", .. (duration is null ? [] : new[] { "--duration", duration }), .. options]);

    /// <summary>As <see cref="AssertRefusedAsync"/> for any command: <paramref name="args"/> begins with the command's name.</summary>
    public static async Task AssertCommandRefusedAsync(string sentence, string[] args)
    {
        using var target = new TcpListener(IPAddress.Loopback, 0);
        target.Start();
        var port = ((IPEndPoint)target.LocalEndpoint).Port;
        var connectionString = $"DefaultEndpointsProtocol=http;AccountName={AzuriteFixture.AccountName};AccountKey={AzuriteFixture.AccountKey};TableEndpoint=http://127.0.0.1:{port}/{AzuriteFixture.AccountName};";

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(args, connectionString);

        Assert.True(exitCode == 2, stdout + stderr);
        Assert.Equal(string.Empty, stdout);
        Assert.Equal(sentence, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)));
        Assert.False(target.Pending(), "a refused run must not connect to the target");
    }
}
