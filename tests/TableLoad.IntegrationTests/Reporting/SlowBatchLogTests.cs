using System.Diagnostics;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Reporting;

/// <summary>A batches.csv that cannot keep up (here a named pipe nobody reads yet) neither stalls the load nor grows memory: rows beyond the buffer are dropped and counted.</summary>
[Collection(ReportAzuriteCollection.Name)]
public sealed class SlowBatchLogTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-slowlog-").FullName;

    [Fact]
    public async Task BatchLogBehind_DropsRowsBeyondTheBuffer_CountsThemInTheSummary_AndTheLoadGoesOn()
    {
        var batchLog = Path.Combine(_output, ResultFiles.BatchesCsv);
        using (var mkfifo = Process.Start("mkfifo", [batchLog]))
        {
            await mkfifo.WaitForExitAsync();
        }

        using var run = TableLoadProcess.Start(
            ["run", "--tasks", "4", "--duration", "6s", "--warmup", "0s", "--batch-log-buffer", "10", "--verify", "--quiet", "--output", _output],
            azurite.ConnectionString);
        // The provisional summary, written 5 s into the load, says the load went on while nothing read the batch log.
        await WaitForFileAsync(Path.Combine(_output, ResultFiles.SummaryJson), run, TimeSpan.FromSeconds(30));
        var rows = (await File.ReadAllLinesAsync(batchLog)).Skip(1).Count(line => line.Length > 0);
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.True(exitCode == 0, run.StandardError);
        Assert.Contains("entities: matches", run.StandardOutput, StringComparison.Ordinal);
        var summary = new ResultFolder(_output).Summary;
        var batches = summary.Outcomes.Values.Sum() + summary.Warmup.Batches;
        Assert.True(summary.BatchLogDropped > 0, $"{rows} rows of {batches} batches, none dropped");
        Assert.Equal(batches, rows + summary.BatchLogDropped);
        Assert.Contains($"batches.csv lacks {summary.BatchLogDropped} batches", run.StandardOutput, StringComparison.Ordinal);
    }

    private static async Task WaitForFileAsync(string path, TableLoadProcess run, TimeSpan limit)
    {
        var deadline = DateTime.UtcNow + limit;
        while (!File.Exists(path))
        {
            Assert.False(run.HasExited || DateTime.UtcNow > deadline, $"no {Path.GetFileName(path)}. stderr:\n{run.StandardError}");
            await Task.Delay(100);
        }
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
