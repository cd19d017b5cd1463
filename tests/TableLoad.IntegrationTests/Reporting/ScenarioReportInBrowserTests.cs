using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Reporting;

/// <summary>
/// A run of scenarios' report.html, opened in a real browser: the percentile table has TableLoad's rows for each scenario (and
/// each operation of a scenario that sends several) equal to summary.json's scenarios, the scenario table a row per scenario,
/// and the time plots decode.
/// </summary>
[Collection(ReportAzuriteCollection.Name)]
public sealed class ScenarioReportInBrowserTests(AzuriteFixture azurite) : IDisposable
{
    // Budgets of requests, not a duration: every scenario and both of lookups' operations send at any machine speed (40 draws at 50:50).
    private const string Profile = """
        { "scenarios": {
            "ingest": { "operation": "insert", "tasks": 1, "batch_size": 5, "batches": 20 },
            "lookups": { "mix": "read:50,upsert-replace:50", "tasks": 2, "batch_size": 5, "key_space": 20, "preload": true, "batches": 40 } } }
        """;

    private readonly string _root = Directory.CreateTempSubdirectory("tableload-html-scenarios-").FullName;

    [Fact]
    public async Task ScenarioReport_InHeadlessChromium_HasEachScenariosRows_EqualToSummaryJsonsScenarios()
    {
        var profile = Path.Combine(_root, "scenarios.json");
        await File.WriteAllTextAsync(profile, Profile);
        var output = Path.Combine(_root, "run");
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--config", profile, "--warmup", "0s", "--label", "scn", "--output", output, "--quiet", "--report"], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        using var check = await ReportInBrowserTests.CheckInBrowserAsync(output);

        var summary = new ResultFolder(output).Summary;
        var scenarios = summary.Scenarios!;
        Assert.Equal(["ingest", "lookups"], scenarios.Keys);
        Assert.Equal(["read", "upsert-replace"], scenarios["lookups"].Operations!.Keys.Order(StringComparer.Ordinal));
        var cells = check.RootElement.GetProperty("cells").EnumerateArray().Select(r => r.EnumerateArray().Select(c => c.GetString()).ToList()).ToList();
        List<List<string?>> expected =
        [
            ReportInBrowserTests.ExpectedRow(summary),
            .. summary.Operations!.Select(o => ReportInBrowserTests.ExpectedRow($"scn: {o.Key}", summary.Processes, o.Value)),
            ReportInBrowserTests.ExpectedRow("scn: ingest", summary.Processes, scenarios["ingest"]),
            ReportInBrowserTests.ExpectedRow("scn: lookups", summary.Processes, scenarios["lookups"]),
            .. scenarios["lookups"].Operations!.Select(o => ReportInBrowserTests.ExpectedRow($"scn: lookups.{o.Key}", summary.Processes, o.Value)),
        ];
        Assert.Equal(expected, cells);

        var rows = check.RootElement.GetProperty("scenarios").EnumerateArray().Select(r => r.EnumerateArray().Select(c => c.GetString()).ToList()).ToList();
        Assert.Equal(["ingest", "lookups"], rows.Select(r => r[0]));
        Assert.Equal(["insert", "read:50,upsert-replace:50"], rows.Select(r => r[1]));
        Assert.Equal([.. scenarios.Values.Select(s => s.Requests.ToString(System.Globalization.CultureInfo.InvariantCulture))], rows.Select(r => r[3]));

        var images = check.RootElement.GetProperty("images").EnumerateArray().ToList();
        Assert.Contains(images, i => i.GetProperty("alt").GetString() == "throughput.png");
        Assert.Contains(images, i => i.GetProperty("alt").GetString() == "latency-per-second.png");
        Assert.All(images, i => Assert.True(i.GetProperty("width").GetInt32() > 0, $"{i.GetProperty("alt")} did not decode"));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
