using System.Diagnostics;
using TableLoad.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Packaging;

/// <summary>
/// The packed <c>tableload</c> tool, installed into a temporary tool path, used from an empty folder far
/// from any checkout: it must carry everything it needs, the R scripts of <c>--report</c> included.
/// </summary>
[Collection(ReportAzuriteCollection.Name)]
public sealed class InstalledToolTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(3);
    private readonly string _work = Directory.CreateTempSubdirectory("tableload-tool-").FullName;

    [Fact]
    public async Task InstalledTool_FromAnEmptyFolder_RunsWithReport_AndWritesTheHtmlReport()
    {
        var tool = await PackAndInstallAsync();
        var empty = Directory.CreateDirectory(Path.Combine(_work, "empty")).FullName;

        var version = await RunAsync(tool, ["--version"], empty);
        Assert.True(version.ExitCode == 0, version.Stderr);
        Assert.StartsWith(typeof(TableLoad.Cli.TableLoadCli).Assembly.GetName().Version!.ToString(3), version.Stdout.Trim(), StringComparison.Ordinal);
        var help = await RunAsync(tool, ["run", "--help"], empty);
        Assert.Contains("--report", help.Stdout, StringComparison.Ordinal);

        var run = await RunAsync(tool, ["run", "--duration", "2s", "--warmup", "1s", "--tasks", "2", "--batch-size", "10", "--quiet", "--report"], empty, azurite.ConnectionString);

        Assert.True(run.ExitCode == 0, run.Stderr);
        var report = run.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)[^1];
        Assert.EndsWith("report.html", report, StringComparison.Ordinal);
        Assert.StartsWith(Path.Combine(empty, "results"), report, StringComparison.Ordinal);
        Assert.True(File.Exists(report), run.Stdout + run.Stderr);
        Assert.Contains("<table id=\"percentiles\">", await File.ReadAllTextAsync(report), StringComparison.Ordinal);
    }

    /// <summary>Packs the project as built for these tests and installs it; returns the tool's command.</summary>
    private async Task<string> PackAndInstallAsync()
    {
        var root = AzuriteFixture.FindRepoRoot();
        var feed = Path.Combine(_work, "feed");
        var pack = await RunAsync("dotnet", ["pack", Path.Combine(root, "src", "TableLoad"), "-c", "Release", "--no-build", "-o", feed, "-v", "quiet", "-nologo"], root);
        Assert.True(pack.ExitCode == 0, pack.Stdout + pack.Stderr);

        // A package cache of its own, so an earlier install of the same version is never reused.
        var tools = Path.Combine(_work, "tools");
        var install = await RunAsync("dotnet", ["tool", "install", "tableload", "--tool-path", tools, "--add-source", feed], _work,
            environment: new Dictionary<string, string> { ["NUGET_PACKAGES"] = Path.Combine(_work, "packages") });
        Assert.True(install.ExitCode == 0, install.Stdout + install.Stderr);
        return Path.Combine(tools, OperatingSystem.IsWindows() ? "tableload.exe" : "tableload");
    }

    private async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(
        string program, IReadOnlyList<string> args, string workingDirectory, string? connectionString = null, IReadOnlyDictionary<string, string>? environment = null)
    {
        var info = new ProcessStartInfo(program) { WorkingDirectory = workingDirectory };
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        info.Environment.Remove("TABLELOAD_CONNECTION_STRING");
        if (connectionString is not null)
        {
            info.Environment["TABLELOAD_CONNECTION_STRING"] = connectionString;
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            info.Environment[name] = value;
        }

        var result = await ChildProcess.RunAsync(info, Limit);
        log.WriteLine($"{Path.GetFileName(program)} {string.Join(' ', args)}: exit {result.ExitCode}");
        return result;
    }

    public void Dispose() => Directory.Delete(_work, recursive: true);
}
