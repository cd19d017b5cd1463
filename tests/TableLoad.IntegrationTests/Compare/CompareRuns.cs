using System.Collections.Concurrent;
using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Compare;

/// <summary>
/// A class fixture for compare's tests: each named run is made once, by the first test that asks for it, and read by
/// the others. A run long enough for an interval of its own (ten blocks of seconds) costs 13 s; made once, the class stays short.
/// </summary>
public sealed class CompareRuns : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(2);
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-compare-").FullName;
    private readonly ConcurrentDictionary<string, Lazy<Task<string>>> _runs = new(StringComparer.Ordinal);

    public string Root => _root;

    /// <summary>An open-model run of 4 tasks at <paramref name="rate"/> batches of 10 a second: rates low enough that a busy 2-core
    /// machine still sends them on time, so two sides differ by the plan, not by what the machine could manage.</summary>
    public Task<string> AtRateAsync(AzuriteFixture azurite, string name, int rate, string duration, params string[] more) =>
        _runs.GetOrAdd(name, _ => new Lazy<Task<string>>(() => RunAsync(azurite, name,
            ["run", "--rate", rate.ToString(CultureInfo.InvariantCulture), "--tasks", "4", "--batch-size", "10", "--duration", duration, "--warmup", "1s", "--quiet", .. more]))).Value;

    /// <summary>
    /// A sweep of 2 and 4 tasks, batches of 20, each cell run twice (<c>--repeat 2</c>): two cells of repeats, made once. Each run
    /// is a budget of 40 batches, not a time: it measures some at any machine speed, and saturates the machine no longer than that.
    /// </summary>
    public Task<string> RepeatsAsync(AzuriteFixture azurite) =>
        _runs.GetOrAdd("sweep", _ => new Lazy<Task<string>>(() => RunAsync(azurite, "sweep",
            ["sweep", "--tasks", "2,4", "--batch-size", "20", "--repeat", "2", "--batches", "40", "--duration", "60s", "--warmup", "0s", "--cooldown", "0s"]))).Value;

    /// <summary>A run of <paramref name="profile"/>'s scenarios (a --config file's JSON), made once under <paramref name="name"/>.</summary>
    public Task<string> ScenariosAsync(AzuriteFixture azurite, string name, string profile) =>
        _runs.GetOrAdd(name, _ => new Lazy<Task<string>>(async () =>
        {
            var config = ProfilePath(name);
            await File.WriteAllTextAsync(config, profile);
            return await RunAsync(azurite, name, ["run", "--config", config]);
        })).Value;

    /// <summary>Where a profile named <paramref name="name"/> is written for a run to read.</summary>
    public string ProfilePath(string name) => Path.Combine(_root, name + ".json");

    private async Task<string> RunAsync(AzuriteFixture azurite, string name, IReadOnlyList<string> args)
    {
        var output = Path.Combine(_root, name);
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync([.. args, "--output", output], azurite.ConnectionString, Limit);
        Assert.True(exitCode is 0 or 99, stderr);
        return output;
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
