using System.ComponentModel;
using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// Starts the repository's pinned Azurite table service (or, in a subclass, another of its services), in memory, on a free loopback port
/// for the tests of one collection (see AzuriteCollections.cs), and stops it with its whole process tree afterwards.
/// </summary>
public class AzuriteFixture : IAsyncLifetime
{
    public const string AccountName = "devstoreaccount1";

    // Azurite's documented development key: public, identical on every installation.
    public const string AccountKey =
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private static readonly TimeSpan StartupTimeout = TimeSpan.FromSeconds(60);

    // Collections run side by side and start their fixtures at once: one at a time, each Azurite loads its modules with
    // the CPU to itself (several at once on a busy 2-core machine missed the timeout), and npm ci never runs twice.
    private static readonly SemaphoreSlim OneStartAtATime = new(1, 1);
    private static readonly TimeSpan NpmCiTimeout = TimeSpan.FromMinutes(5);
    private static readonly TimeSpan ShutdownTimeout = TimeSpan.FromSeconds(10);
    private const int PortAttempts = 3;
    private const int RecentLineCapacity = 40;

    private readonly IMessageSink _sink;
    private readonly Queue<string> _recentLines = new();
    private Process? _process;
    private string? _workspace;

    public AzuriteFixture(IMessageSink sink) => _sink = sink;

    /// <summary>Environment for the Azurite process, e.g. AZURITE_ACCOUNTS for accounts of a test's own.</summary>
    protected virtual IReadOnlyDictionary<string, string> ExtraEnvironment { get; } = new Dictionary<string, string>();

    /// <summary>Which of Azurite's services this fixture starts: its folder under azurite/dist/src, and its options' prefix.</summary>
    protected virtual string Service => "table";

    /// <summary>The loopback port Azurite's service listens on.</summary>
    public int Port { get; private set; }

    /// <summary>The table endpoint of the development account, e.g. http://127.0.0.1:PORT/devstoreaccount1.</summary>
    public Uri TableEndpoint => new($"http://127.0.0.1:{Port}/{AccountName}");

    /// <summary>A connection string for the development account on this instance.</summary>
    public string ConnectionString =>
        $"DefaultEndpointsProtocol=http;AccountName={AccountName};AccountKey={AccountKey};TableEndpoint={TableEndpoint};";

    public async Task InitializeAsync()
    {
        await OneStartAtATime.WaitAsync();
        try
        {
            await StartAsync();
        }
        finally
        {
            OneStartAtATime.Release();
        }
    }

    private async Task StartAsync()
    {
        var repoRoot = FindRepoRoot();
        var serviceMain = Path.Combine(repoRoot, "node_modules", "azurite", "dist", "src", Service, "main.js");
        if (!File.Exists(Path.Combine(repoRoot, "node_modules", ".bin", "azurite-table")) || !File.Exists(serviceMain))
        {
            await RunNpmCiAsync(repoRoot);
        }

        _workspace = Directory.CreateTempSubdirectory("tableload-azurite-").FullName;
        try
        {
            await StartUntilAnsweringAsync(serviceMain);
        }
        catch
        {
            await DisposeAsync();
            throw;
        }
    }

    public async Task DisposeAsync()
    {
        if (_process is { } process)
        {
            try
            {
                if (!process.HasExited)
                {
                    process.Kill(entireProcessTree: true);
                    using var timeout = new CancellationTokenSource(ShutdownTimeout);
                    await process.WaitForExitAsync(timeout.Token);
                }
            }
            catch (Exception ex) when (ex is InvalidOperationException or OperationCanceledException or Win32Exception)
            {
                Log($"stopping Azurite failed: {ex.Message}");
            }

            DisposeProcess();
        }

        if (_workspace is { } workspace)
        {
            _workspace = null;
            try
            {
                Directory.Delete(workspace, recursive: true);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                Log($"could not delete {workspace}: {ex.Message}");
            }
        }
    }

    private async Task StartUntilAnsweringAsync(string serviceMain)
    {
        for (var attempt = 1; ; attempt++)
        {
            Port = PickFreePort();
            StartAzurite(serviceMain);
            if (await WaitUntilAnsweringAsync())
            {
                Log($"Azurite {Service} service ready at {TableEndpoint}");
                return;
            }

            // Another process may have taken the port between probing and Azurite binding it.
            var output = RecentOutput();
            if (attempt < PortAttempts && output.Contains("EADDRINUSE", StringComparison.Ordinal))
            {
                Log($"port {Port} was taken before Azurite bound it; retrying on another port");
                DisposeProcess();
                continue;
            }

            throw new InvalidOperationException(
                $"Azurite exited with code {_process!.ExitCode} before answering on port {Port}. Output:{Environment.NewLine}{output}");
        }
    }

    private void StartAzurite(string serviceMain)
    {
        var startInfo = new ProcessStartInfo("node")
        {
            // Azurite refuses --location together with --inMemoryPersistence, so the workspace is the working directory.
            WorkingDirectory = _workspace,
            UseShellExecute = false,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var argument in new[]
                 {
                     "--require", WriteParentWatchdog(), serviceMain,
                     $"--{Service}Host", "127.0.0.1", $"--{Service}Port", Port.ToString(CultureInfo.InvariantCulture),
                     // --silent: an access-log line a request cost Azurite a tenth of its CPU for single writes (5.1 against 5.8
                     // CPU-s for 6,000), and each line crossed to the test runner; a crash still prints to stderr.
                     "--inMemoryPersistence", "--skipApiVersionCheck", "--disableTelemetry", "--loose", "--silent",
                 })
        {
            startInfo.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in ExtraEnvironment)
        {
            startInfo.Environment[name] = value;
        }

        lock (_recentLines)
        {
            _recentLines.Clear();
        }

        var process = new Process { StartInfo = startInfo };
        process.OutputDataReceived += (_, e) => OnOutputLine(e.Data);
        process.ErrorDataReceived += (_, e) => OnOutputLine(e.Data);
        try
        {
            process.Start();
        }
        catch (Win32Exception ex)
        {
            process.Dispose();
            throw new InvalidOperationException($"Could not start 'node' for Azurite ({ex.Message}); install Node.js 20+ and put it on PATH.", ex);
        }

        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        _process = process;
    }

    // DisposeAsync never runs if the test host is killed (Ctrl+C, hang timeout); Azurite then sees its stdin close and exits.
    private string WriteParentWatchdog()
    {
        var path = Path.Combine(_workspace!, "exit-with-test-host.cjs");
        File.WriteAllText(path, """
            process.stdin.on("end", () => process.exit(0));
            process.stdin.on("error", () => process.exit(0));
            process.stdin.resume();
            """);
        return path;
    }

    // True once the service answers HTTP (any answer); false if Azurite exits first; throws on timeout.
    private async Task<bool> WaitUntilAnsweringAsync()
    {
        using var client = new HttpClient { Timeout = TimeSpan.FromSeconds(2) };
        var probe = new Uri(TableEndpoint, $"/{AccountName}/Tables");
        var stopwatch = Stopwatch.StartNew();
        while (stopwatch.Elapsed < StartupTimeout)
        {
            if (_process!.HasExited)
            {
                _process.WaitForExit(); // flushes the asynchronous output readers
                return false;
            }

            try
            {
                using var response = await client.GetAsync(probe);
                return true;
            }
            catch (Exception ex) when (ex is HttpRequestException or TaskCanceledException)
            {
                await Task.Delay(TimeSpan.FromMilliseconds(200));
            }
        }

        throw new TimeoutException(
            $"Azurite did not answer on {probe} within {StartupTimeout.TotalSeconds:0} s. Output:{Environment.NewLine}{RecentOutput()}");
    }

    private async Task RunNpmCiAsync(string repoRoot)
    {
        Log($"node_modules/.bin/azurite-table missing; running npm ci in {repoRoot}");
        var startInfo = new ProcessStartInfo(OperatingSystem.IsWindows() ? "npm.cmd" : "npm")
        {
            WorkingDirectory = repoRoot,
            UseShellExecute = false,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var argument in new[] { "ci", "--no-audit", "--no-fund" })
        {
            startInfo.ArgumentList.Add(argument);
        }

        using var npm = new Process { StartInfo = startInfo };
        var output = new StringBuilder();
        npm.OutputDataReceived += (_, e) => AppendLine(output, e.Data);
        npm.ErrorDataReceived += (_, e) => AppendLine(output, e.Data);
        try
        {
            npm.Start();
        }
        catch (Win32Exception ex)
        {
            throw new InvalidOperationException($"Could not start 'npm' to install Azurite ({ex.Message}); install Node.js 20+ with npm.", ex);
        }

        npm.BeginOutputReadLine();
        npm.BeginErrorReadLine();
        using var timeout = new CancellationTokenSource(NpmCiTimeout);
        try
        {
            await npm.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            npm.Kill(entireProcessTree: true);
            throw new TimeoutException($"npm ci did not finish within {NpmCiTimeout.TotalMinutes:0} min. Output:{Environment.NewLine}{output}");
        }

        npm.WaitForExit();
        if (npm.ExitCode != 0)
        {
            throw new InvalidOperationException($"npm ci failed with exit code {npm.ExitCode}. Output:{Environment.NewLine}{output}");
        }
    }

    private static void AppendLine(StringBuilder output, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (output)
        {
            output.AppendLine(line);
        }
    }

    private void OnOutputLine(string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (_recentLines)
        {
            if (_recentLines.Count == RecentLineCapacity)
            {
                _recentLines.Dequeue();
            }

            _recentLines.Enqueue(line);
        }

        Log(line);
    }

    private string RecentOutput()
    {
        lock (_recentLines)
        {
            return _recentLines.Count == 0 ? "(no output)" : string.Join(Environment.NewLine, _recentLines);
        }
    }

    private void Log(string message) => _sink.OnMessage(new DiagnosticMessage("[azurite] {0}", message));

    private void DisposeProcess()
    {
        _process?.Dispose();
        _process = null;
    }

    internal static int PickFreePort()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        try
        {
            return ((IPEndPoint)listener.LocalEndpoint).Port;
        }
        finally
        {
            listener.Stop();
        }
    }

    public static string FindRepoRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "TableLoad.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"TableLoad.sln not found above {AppContext.BaseDirectory}; cannot locate node_modules for Azurite.");
    }
}
