namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// A class fixture for tests that only read runs' output and result files: each run, named, is made by the first test
/// that asks for it and read by the others (xunit makes a new test class for every test, so a run made in its constructor
/// is made again each time, and every run is a process start and seconds of load on a machine the suite shares).
/// </summary>
public sealed class SharedRuns : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(2);
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-shared-runs-").FullName;
    private readonly Dictionary<string, Task<FinishedRun>> _runs = [];
    private readonly Dictionary<string, Task<IReadOnlyList<FinishedRun>>> _together = [];

    /// <summary>
    /// The run named <paramref name="name"/>: <c>tableload</c> with <paramref name="args"/> and an <c>--output</c> of its own,
    /// made on the first call only (the tests of one class run one after the other, so no lock is needed).
    /// </summary>
    public Task<FinishedRun> OnceAsync(string name, string? connectionString, IReadOnlyList<string> args) =>
        OnceAsync(name, output => RunAsync(output, connectionString, args));

    /// <summary>
    /// The run named <paramref name="name"/>, made by <paramref name="make"/> with the output folder it is to write, on the first call
    /// only: for a run that needs more than its command line, such as a proxy in front of it or a file beside its folder.
    /// </summary>
    public Task<FinishedRun> OnceAsync(string name, Func<string, Task<FinishedRun>> make)
    {
        if (!_runs.TryGetValue(name, out var run))
        {
            run = make(Path.Combine(_output, name));
            _runs.Add(name, run);
        }

        return run;
    }

    /// <summary>
    /// The runs named <paramref name="name"/>, <paramref name="count"/> of them started together (<see cref="StartTogether"/>):
    /// <c>tableload</c> with the arguments <paramref name="args"/> gives for a start time, an attempt and the run's number, each
    /// with an <c>--output</c> of its own, made on the first call only.
    /// </summary>
    public Task<IReadOnlyList<FinishedRun>> OnceTogetherAsync(
        string name, string? connectionString, int count, Func<string, int, int, IReadOnlyList<string>> args)
    {
        if (!_together.TryGetValue(name, out var runs))
        {
            runs = RunTogetherAsync(Path.Combine(_output, name), connectionString, count, args);
            _together.Add(name, runs);
        }

        return runs;
    }

    private static async Task<IReadOnlyList<FinishedRun>> RunTogetherAsync(
        string output, string? connectionString, int count, Func<string, int, int, IReadOnlyList<string>> args)
    {
        var outputs = Enumerable.Range(0, count).Select(k => Path.Combine(output, $"{k}")).ToList();
        var started = await StartTogether.StartAsync((startAt, attempt) =>
            outputs.Select((folder, k) => TableLoadProcess.Start([.. args(startAt, attempt, k), "--output", folder], connectionString)).ToList());
        var finished = new List<FinishedRun>();
        foreach (var (run, folder) in started.Zip(outputs))
        {
            using (run)
            {
                var exitCode = await run.WaitForExitAsync(Limit);
                finished.Add(new FinishedRun(exitCode, run.StandardOutput, run.StandardError, folder));
            }
        }

        return finished;
    }

    private static async Task<FinishedRun> RunAsync(string output, string? connectionString, IReadOnlyList<string> args)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync([.. args, "--output", output], connectionString, Limit);
        return new FinishedRun(exitCode, stdout, stderr, output);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}

/// <summary>A run that ended: its exit code, what it printed, and its result folder.</summary>
public sealed record FinishedRun(int ExitCode, string Stdout, string Stderr, string Output)
{
    public ResultFolder Folder => new(Output);

    /// <summary>The folder, once the run is known to have ended with exit code 0.</summary>
    public ResultFolder Succeeded()
    {
        Assert.True(ExitCode == 0, $"exit {ExitCode}: {Stderr}");
        return Folder;
    }
}
