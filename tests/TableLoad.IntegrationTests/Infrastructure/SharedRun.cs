namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// A class fixture for tests that only read one run's result files: the first test makes the run, the others read
/// the same folder (xunit makes a new test class for every test, so a run made in its constructor is made again each time).
/// </summary>
public sealed class SharedRun : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(2);
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-shared-run-").FullName;
    private Task<ResultFolder>? _run;

    /// <summary>The result folder of <c>tableload</c> with <paramref name="args"/> and <c>--output</c>, run on the first call only.</summary>
    public Task<ResultFolder> OnceAsync(AzuriteFixture azurite, IReadOnlyList<string> args) => _run ??= RunAsync(azurite, args);

    private async Task<ResultFolder> RunAsync(AzuriteFixture azurite, IReadOnlyList<string> args)
    {
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync([.. args, "--output", _output], azurite.ConnectionString, Limit);
        Assert.True(exitCode == 0, stderr);
        return new ResultFolder(_output);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
