using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Reporting;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Report;

/// <summary><c>tableload report</c> of runs that retried and read answers back: every count of the merge is the sum of the parts'.</summary>
[Collection(FleetAzuriteCollection.Name)]
public sealed class ReportOfRetriedRunsTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-report-retried-").FullName;

    [Fact]
    public async Task TwoRunsLosingAnswers_MergedRetriesAndVerifiedByRead_AreTheSumsOfTheParts()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 200, LoseAnswerRate = 0.5, Seed = 11 });
        var instances = await Task.WhenAll(Enumerable.Range(0, 2).Select(k => TableLoadProcess.RunAsync(
            ["run", "--table", $"retried{k}{Guid.NewGuid():N}"[..20], "--tasks", "4", "--duration", "4s", "--warmup", "0s",
             "--retries", "3", "--quiet", "--output", Path.Combine(_root, $"i{k}")],
            proxy.ConnectionString)));
        Assert.All(instances, i => Assert.True(i.ExitCode == 0, i.Stderr));

        var merged = Path.Combine(_root, "merged");
        var report = await TableLoadProcess.RunAsync(["report", Path.Combine(_root, "i0"), Path.Combine(_root, "i1"), "--label", "retried", "--output", merged], connectionString: null);
        log.WriteLine(report.Stdout + report.Stderr);

        Assert.True(report.ExitCode == 0, report.Stderr);
        var parts = Enumerable.Range(0, 2).Select(k => ResultJson.ReadSummary(Path.Combine(_root, $"i{k}", ResultFiles.SummaryJson))).ToList();
        var summary = ResultJson.ReadSummary(Path.Combine(merged, ResultFiles.SummaryJson));
        Assert.True(parts.Sum(p => p.Retries) > 0 && parts.Sum(p => p.VerifiedByRead) > 0, $"the runs should have retried and read answers back: {string.Join(", ", parts.Select(p => $"{p.Retries}/{p.VerifiedByRead}/{p.Outcomes["network_failure"]}/{p.Outcomes["client_timeout"]}"))}");
        Assert.Equal(parts.Sum(p => p.Retries), summary.Retries);
        Assert.Equal(parts.Sum(p => p.VerifiedByRead), summary.VerifiedByRead);
        Assert.Equal(parts.Sum(p => p.EntitiesSucceeded), summary.EntitiesSucceeded);
        Assert.All(summary.Outcomes, o => Assert.Equal(parts.Sum(p => p.Outcomes[o.Key]), o.Value));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
