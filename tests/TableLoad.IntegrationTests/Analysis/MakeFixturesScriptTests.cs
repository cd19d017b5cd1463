using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Analysis;

/// <summary>make-fixtures.sh regenerates the R tests' fixtures: a failed step stops it loudly and leaves them as they were.</summary>
public sealed class MakeFixturesScriptTests
{
    [Fact]
    public async Task FailedStep_ExitsNonZero_NamesTheStep_AndLeavesTheFixturesAsTheyWere()
    {
        // The script works on the folder it sits in: a copy in a scratch tree keeps the real fixtures out of reach.
        var repoRoot = AzuriteFixture.FindRepoRoot();
        var scratch = Directory.CreateTempSubdirectory("tableload-fixtures-").FullName;
        var fixtures = Path.Combine(scratch, "analysis", "tests", "fixtures");
        Directory.CreateDirectory(fixtures);
        var script = Path.Combine(fixtures, "make-fixtures.sh");
        File.Copy(Path.Combine(repoRoot, "analysis", "tests", "fixtures", "make-fixtures.sh"), script);
        CopyFolder(Path.Combine(repoRoot, "analysis", "tests", "fixtures", "run-rejected"), Path.Combine(fixtures, "run-rejected"));
        var before = Snapshot(Path.Combine(fixtures, "run-rejected"));

        // Nothing listens there, so the first run of the script exits 3 (target unreachable).
        var (exitCode, stderr) = await RunScriptAsync(script, $"UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:{ClosedPort()}/devstoreaccount1");

        Assert.Equal(1, exitCode);
        Assert.Contains("make-fixtures.sh: tableload run for run-t2-b10 exited with code 3; the fixtures are unchanged.", stderr, StringComparison.Ordinal);
        Assert.Equal(before, Snapshot(Path.Combine(fixtures, "run-rejected")));
        Assert.Equal(["make-fixtures.sh", "run-rejected"], Directory.EnumerateFileSystemEntries(fixtures).Select(Path.GetFileName).Order());
        Directory.Delete(scratch, recursive: true);
    }

    private static async Task<(int ExitCode, string Stderr)> RunScriptAsync(string script, string connectionString)
    {
        var info = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(script);
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "tableload.dll"));
        info.Environment["TABLELOAD_CONNECTION_STRING"] = connectionString;
        using var process = Process.Start(info) ?? throw new InvalidOperationException("bash did not start.");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        await process.WaitForExitAsync(limit.Token);
        await stdout;
        return (process.ExitCode, await stderr);
    }

    private static Dictionary<string, string> Snapshot(string folder) =>
        Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories)
            .ToDictionary(f => Path.GetRelativePath(folder, f), f => Convert.ToHexString(System.Security.Cryptography.SHA256.HashData(File.ReadAllBytes(f))));

    private static void CopyFolder(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (var file in Directory.EnumerateFiles(from))
        {
            File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
        }
    }

    private static int ClosedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
