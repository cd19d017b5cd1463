using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Reporting;

/// <summary>A --mix run's report.html, opened in a real browser: a table row per operation under the run's, and every plot decoded.</summary>
[Collection(ReportAzuriteCollection.Name)]
public sealed class MixReportInBrowserTests(AzuriteFixture azurite)
{
    [Fact]
    public async Task MixReport_InHeadlessChromium_HasARowPerOperation_EqualToSummaryJsonsOperations()
    {
        var output = Directory.CreateTempSubdirectory("tableload-html-mix-").FullName;
        // A budget of requests, not a duration: both operations are drawn at any machine speed (80 draws at 50:50).
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--mix", "read:50,upsert-replace:50", "--key-space", "20", "--preload", "--batch-size", "5", "--tasks", "2", "--batches", "80",
             "--warmup", "0s", "--label", "mix", "--output", output, "--quiet", "--report"],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        using var check = await ReportInBrowserTests.CheckInBrowserAsync(output);

        var summary = new ResultFolder(output).Summary;
        Assert.Equal(["read", "upsert-replace"], summary.Operations.Keys.Order(StringComparer.Ordinal));
        var cells = check.RootElement.GetProperty("cells").EnumerateArray().Select(r => r.EnumerateArray().Select(c => c.GetString()).ToList()).ToList();
        List<List<string?>> expected =
        [
            ReportInBrowserTests.ExpectedRow(summary),
            .. summary.Operations.Select(o => ReportInBrowserTests.ExpectedRow($"mix: {o.Key}", summary.Processes, o.Value)),
        ];
        Assert.Equal(expected, cells);

        var images = check.RootElement.GetProperty("images").EnumerateArray().ToList();
        Assert.Contains(images, i => i.GetProperty("alt").GetString() == "throughput.png");
        Assert.Contains(images, i => i.GetProperty("alt").GetString() == "latency-per-second.png");
        Assert.All(images, i => Assert.True(i.GetProperty("width").GetInt32() > 0, $"{i.GetProperty("alt")} did not decode"));
    }
}
