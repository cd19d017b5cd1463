using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Scripts;

/// <summary>
/// The scripts' free_port (scripts/lib/http.sh) picks a port for a service they start seconds later. A port the kernel
/// hands out meanwhile, to a test's listener on port 0 or to an outgoing connection, must never be one of its picks.
/// </summary>
public sealed class FreePortTests
{
    [Fact]
    public async Task EveryPick_LiesBelowTheKernelsEphemeralPorts()
    {
        var ephemeralFrom = int.Parse((await File.ReadAllTextAsync("/proc/sys/net/ipv4/ip_local_port_range")).Split((char[])['\t', ' '], StringSplitOptions.RemoveEmptyEntries)[0], CultureInfo.InvariantCulture);
        var script = Path.Combine(Directory.CreateTempSubdirectory("tableload-free-port-").FullName, "picks.sh");
        await File.WriteAllTextAsync(script, $"source '{AzuriteFixture.FindRepoRoot()}/scripts/lib/http.sh'\nfor _ in $(seq 1 200); do free_port; done\n");

        var (exitCode, stdout, stderr) = await BashScript.RunAsync(script, [], new Dictionary<string, string?>(), TimeSpan.FromSeconds(60));

        Assert.True(exitCode == 0, stderr);
        var picks = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(p => int.Parse(p, CultureInfo.InvariantCulture)).ToList();
        Assert.Equal(200, picks.Count);
        Assert.All(picks, port => Assert.InRange(port, 1024, ephemeralFrom - 1));
        Directory.Delete(Path.GetDirectoryName(script)!, recursive: true);
    }
}
