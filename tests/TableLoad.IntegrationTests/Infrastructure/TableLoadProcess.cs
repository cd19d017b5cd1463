using System.Diagnostics;
using System.Text;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// Runs the built <c>tableload</c> program as a child process, as a user would, capturing its output.
/// The connection string travels in the environment, never in argv.
/// </summary>
public sealed class TableLoadProcess : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _stdout = new();
    private readonly StringBuilder _stderr = new();

    private TableLoadProcess(Process process, string? outputFolder)
    {
        _process = process;
        OutputFolder = outputFolder;
        _process.OutputDataReceived += (_, e) => Append(_stdout, e.Data);
        _process.ErrorDataReceived += (_, e) => Append(_stderr, e.Data);
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
    }

    public int Id => _process.Id;

    public string StandardOutput { get { lock (_stdout) { return _stdout.ToString(); } } }

    public string StandardError { get { lock (_stderr) { return _stderr.ToString(); } } }

    public bool HasExited => _process.HasExited;

    /// <summary>The folder given to --output, if any.</summary>
    public string? OutputFolder { get; }

    public static TableLoadProcess Start(IReadOnlyList<string> args, string? connectionString, (string Name, string Value)? environment = null) =>
        Start(args, connectionString, environment is { } extra ? new Dictionary<string, string> { [extra.Name] = extra.Value } : new Dictionary<string, string>());

    public static TableLoadProcess Start(IReadOnlyList<string> args, string? connectionString, IReadOnlyDictionary<string, string> environment)
    {
        var info = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "tableload.dll"));
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        // TABLELOAD_* variables are options: a test's run gets only those the test gives it.
        foreach (var inherited in info.Environment.Keys.Where(k => k.StartsWith("TABLELOAD_", StringComparison.Ordinal)).ToList())
        {
            info.Environment.Remove(inherited);
        }

        if (connectionString is not null)
        {
            info.Environment["TABLELOAD_CONNECTION_STRING"] = connectionString;
        }

        // The JIT's second tier pays back over a long run, never over a test's seconds: a 4-s trickle (--rate 200, 4 tasks of 10,
        // the ReadyToRun publish) took 1.30 CPU-s with it and 0.65 without, most of the difference the tier-1 compiles. The tests
        // assert behaviour, which the tier does not change; benchmarks and users run the runtime's default tiering. A test's own
        // environment below may set it back.
        info.Environment["DOTNET_TC_CallCounting"] = "0";

        foreach (var (name, value) in environment)
        {
            info.Environment[name] = value;
        }

        var output = args.Select((arg, i) => (arg, i)).Where(a => a.arg == "--output" && a.i + 1 < args.Count).Select(a => args[a.i + 1]).LastOrDefault();
        return new TableLoadProcess(Process.Start(info) ?? throw new InvalidOperationException("dotnet did not start."), output);
    }

    public static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(IReadOnlyList<string> args, string? connectionString, TimeSpan? limit = null)
    {
        using var process = Start(args, connectionString);
        var exitCode = await process.WaitForExitAsync(limit ?? TimeSpan.FromMinutes(2));
        return (exitCode, process.StandardOutput, process.StandardError);
    }

    public async Task<int> WaitForExitAsync(TimeSpan limit)
    {
        using var timeout = new CancellationTokenSource(limit);
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            _process.Kill(entireProcessTree: true);
            throw new TimeoutException($"tableload did not exit within {limit}. stderr:\n{StandardError}");
        }

        _process.WaitForExit();
        return _process.ExitCode;
    }

    /// <summary>Waits until standard error shows <paramref name="text"/>.</summary>
    public Task WaitForErrorTextAsync(string text, TimeSpan limit) => WaitForTextAsync(() => StandardError, text, limit);

    /// <summary>Waits until standard output shows <paramref name="text"/>.</summary>
    public Task WaitForOutputTextAsync(string text, TimeSpan limit) => WaitForTextAsync(() => StandardOutput, text, limit);

    private Task WaitForTextAsync(Func<string> stream, string text, TimeSpan limit) =>
        WaitUntilAsync(() => stream().Contains(text, StringComparison.Ordinal), $"printed '{text}'", limit);

    /// <summary>Waits while the program runs until <paramref name="condition"/> holds; <paramref name="what"/> names it in the failure.</summary>
    public async Task WaitUntilAsync(Func<bool> condition, string what, TimeSpan limit)
    {
        var deadline = DateTime.UtcNow + limit;
        while (!condition())
        {
            if (DateTime.UtcNow > deadline || _process.HasExited)
            {
                throw new TimeoutException($"tableload never {what}. stdout:\n{StandardOutput}\nstderr:\n{StandardError}");
            }

            await Task.Delay(50);
        }
    }

    /// <summary>Closes the program's stdin, as a coordinator that went away would.</summary>
    public void CloseInput() => _process.StandardInput.Close();

    public void Signal(int signal) => _ = Process.Start("kill", $"-{signal} {_process.Id}")?.WaitForExit(5000);

    /// <summary>
    /// Stops the program and deletes what it wrote to its --output, so that a fresh start into the same folder is not refused
    /// as an overwrite of earlier results.
    /// </summary>
    public void Abandon()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.WaitForExit();
        if (OutputFolder is not null && Directory.Exists(OutputFolder))
        {
            Directory.Delete(OutputFolder, recursive: true);
        }

        _process.Dispose();
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.Dispose();
    }

    private static void Append(StringBuilder target, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (target)
        {
            target.AppendLine(line);
        }
    }
}
