using System.Globalization;
using System.Net;
using System.Text.Json;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Reporting;

/// <summary><c>run --report</c>'s report.html, opened in a real browser with the network off.</summary>
[Collection(ReportAzuriteCollection.Name)]
public sealed class ReportInBrowserTests(AzuriteFixture azurite, ITestOutputHelper log)
{
    // Appended to a copy of the page: lists what the browser decoded and what the table shows.
    private const string CheckScript = """
        <script>
        window.addEventListener('load', () => {
          const images = [...document.images].map(i => ({ alt: i.alt, width: i.naturalWidth }));
          const cells = [...document.querySelectorAll('#percentiles tbody tr')].map(r => [...r.cells].map(c => c.textContent));
          const stages = [...document.querySelectorAll('table[id^="stages-"] tbody tr')].map(r => [...r.cells].map(c => c.textContent));
          const scenarios = [...document.querySelectorAll('table[id^="scenarios-"] tbody tr')].map(r => [...r.cells].map(c => c.textContent));
          const pre = document.createElement('pre');
          pre.id = 'tableload-check';
          const verdict = document.querySelector('#verdict');
          const table = document.querySelector('#percentiles');
          const verdictFirst = !!verdict && !!(verdict.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
          const said = [...document.querySelectorAll('div.said li')].map(l => l.textContent);
          const saidBlock = document.querySelector('div.said');
          const saidFirst = !!saidBlock && !!(saidBlock.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
          const grid = selector => [...document.querySelectorAll(selector)].map(t => ({
            head: [...t.querySelectorAll('thead th')].map(c => c.textContent),
            rows: [...t.querySelectorAll('tbody tr')].map(r => [...r.cells].map(c => c.textContent)) }));
          const items = selector => [...document.querySelectorAll(selector)].map(l => l.textContent);
          const service = document.querySelector('#service') ? {
            requests: grid('table[id^="service-requests-"]'), latency: grid('table[id^="service-latency-"]'), shares: grid('table[id^="service-shares-"]'),
            reconciliation: items('ul.reconciliation li'), log: items('ul.service-log li'), unavailable: items('p.unavailable') } : null;
          pre.textContent = JSON.stringify({ images, cells, stages, scenarios, verdict: verdict ? verdict.textContent : null, verdictFirst, said, saidFirst, service });
          document.body.appendChild(pre);
        });
        </script>
        """;

    [Fact]
    public async Task RunReport_InHeadlessChromium_DecodesEveryPlot_AndItsTableEqualsSummaryJson()
    {
        var output = Directory.CreateTempSubdirectory("tableload-html-").FullName;
        // A trickle of ten batches a second fills every second the plots draw, at any machine speed, without saturating it.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--rate", "200", "--duration", "3s", "--warmup", "1s", "--tasks", "4", "--batch-size", "20", "--label", "browser", "--output", output, "--quiet", "--report"],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var report = Path.Combine(output, "report.html");
        // What Rscript said goes to standard error (a warning when it failed): it is the message when the path is not last.
        Assert.True(report == stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)[^1], $"{stdout}\n{stderr}");
        var html = await File.ReadAllTextAsync(report);
        Assert.DoesNotMatch("(src|href)=\"(?!data:)", html);

        using var check = await CheckInBrowserAsync(output);

        var plots = Directory.GetFiles(output, "*.png").Select(Path.GetFileName).Order().ToList();
        var images = check.RootElement.GetProperty("images").EnumerateArray().ToList();
        Assert.NotEmpty(plots);
        Assert.Equal(plots, images.Select(i => i.GetProperty("alt").GetString()).Order().ToList());
        Assert.All(images, i => Assert.True(i.GetProperty("width").GetInt32() > 0, $"{i.GetProperty("alt")} did not decode"));

        var cells = check.RootElement.GetProperty("cells").EnumerateArray().Select(r => r.EnumerateArray().Select(c => c.GetString()).ToList()).ToList();
        Assert.Equal(ExpectedRow(new ResultFolder(output).Summary), Assert.Single(cells));
        var percentiles = PercentilesMdRow(output);
        var p999 = new ResultFolder(output).Summary.LatencyMs.P999.ToString("F2", CultureInfo.InvariantCulture);
        Assert.Equal(("p99.9", p999), percentiles[percentiles.FindIndex(c => c.Header == "p99") + 1]);
        Assert.True(check.RootElement.GetProperty("verdictFirst").GetBoolean(), "the verdict is not above the percentile table");
        Assert.Equal(JsonValueKind.Null, check.RootElement.GetProperty("service").ValueKind);
        var summary = new ResultFolder(output).Summary;
        Assert.Contains(
            summary.Client.Saturated ? "the client (TableLoad) was the limit" : "the target was the limit, not TableLoad",
            check.RootElement.GetProperty("verdict").GetString(),
            StringComparison.Ordinal);

        var screenshot = Path.Combine(output, "report-screenshot.png");
        await HeadlessChromium.ScreenshotAsync(report, screenshot);
        Assert.True(new FileInfo(screenshot).Length > 10_000, "the screenshot is empty");
        log.WriteLine($"screenshot: {screenshot}");
    }

    [Fact]
    public async Task StagedRunReport_InHeadlessChromium_ShowsOneRowPerStage_AsSummaryJsonHasIt()
    {
        // The stages are of tasks (no --rate): the proxy paces them.
        await using var proxy = await InProcessProxy.PacedAsync(azurite);
        var output = Directory.CreateTempSubdirectory("tableload-html-stages-").FullName;
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--tasks", "1", "--stages", "2s:1,2s:2", "--warmup", "1s", "--batch-size", "10", "--output", output, "--quiet", "--report"],
            proxy.ConnectionString);
        Assert.True(exitCode == 0, stderr);

        using var check = await CheckInBrowserAsync(output);

        var summary = new ResultFolder(output).Summary;
        Assert.Equal(2, summary.Stages.Count);
        var rows = check.RootElement.GetProperty("stages").EnumerateArray().Select(r => r.EnumerateArray().Select(c => c.GetString()).ToList()).ToList();
        Assert.Equal(summary.Stages.Count, rows.Count);
        foreach (var (stage, row) in summary.Stages.Zip(rows))
        {
            Assert.Equal($"s{stage.Stage}", row[0]);
            Assert.Equal(string.Create(CultureInfo.InvariantCulture, $"{stage.StartTarget:0} → {stage.EndTarget:0} tasks"), row[3]);
            Assert.Equal(stage.MeanEntitiesPerSecond.ToString("F1", CultureInfo.InvariantCulture), row[4]);
            Assert.Equal(stage.LatencyMs.Median.ToString("F2", CultureInfo.InvariantCulture), row[6]);
        }

        // The plan drawn over the series: throughput.png is among the plots the browser decoded.
        var images = check.RootElement.GetProperty("images").EnumerateArray().ToList();
        Assert.Contains(images, i => i.GetProperty("alt").GetString() == "throughput.png" && i.GetProperty("width").GetInt32() > 0);
    }

    [Fact]
    public async Task CosmosRunStoppedByItsThrottles_ReportSaysWhatTheTerminalSaid_AboveTheTable()
    {
        // 100 RU/s holds some 15 e/s of 1 KB entities, a batch and a half a second; the run asks for 300 and stops once throttles
        // hold for 2 s. (With 3,000 RU/s, some 440 e/s, a busy machine's client once sent only 269 e/s and was never throttled.)
        await using var proxy = await ProxyChild.StartAsync(azurite, "--request-units", "100");
        var output = Directory.CreateTempSubdirectory("tableload-html-cosmos-").FullName;
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--rate", "300", "--tasks", "4", "--batch-size", "10", "--duration", "8s", "--warmup", "0s", "--retries", "0", "--client", "wire",
             "--abort-if", "throttled>5% for 2s", "--label", "cosmos", "--output", output, "--report"],
            proxy.ConnectionString);
        log.WriteLine(stdout + stderr);
        Assert.True(exitCode == 99, $"exit code {exitCode}: {stderr}");

        using var check = await CheckInBrowserAsync(output);

        string[] starts = ["Stopped by --abort-if ", "request units: ", "provisioning: ", "throttled by the RU budget: "];
        List<string?> printed = [.. starts.Select(start => Assert.Single(stdout.Split('\n'), line => line.StartsWith(start, StringComparison.Ordinal)).TrimEnd())];
        var said = check.RootElement.GetProperty("said").EnumerateArray().Select(l => l.GetString()).ToList();
        Assert.Equal(printed, said);
        Assert.True(check.RootElement.GetProperty("saidFirst").GetBoolean(), "what the terminal said is not above the percentile table");
        var summary = new ResultFolder(output).Summary;
        Assert.Equal(ExpectedRow(summary), Assert.Single(check.RootElement.GetProperty("cells").EnumerateArray().Select(r => r.EnumerateArray().Select(c => c.GetString()).ToList())));
    }

    [Fact]
    public async Task SweepReport_PrintsTheHtmlReportsPathLast_WithTheBestCellsAndTheKnee()
    {
        var output = Directory.CreateTempSubdirectory("tableload-html-sweep-").FullName;
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--tasks", "1,2", "--batch-size", "10", "--batches", "10", "--duration", "60s", "--warmup", "0s", "--output", output, "--report"],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var report = Path.Combine(output, "report.html");
        Assert.Equal(report, stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)[^1]);
        var html = await File.ReadAllTextAsync(report);
        Assert.Contains("Best peak e/s: <b>sdk-p1-t", html, StringComparison.Ordinal);
        Assert.Contains("Knee: <b>sdk-p1-t", html, StringComparison.Ordinal);
        Assert.Contains("alt=\"sweep-knee.png\" src=\"data:image/png;base64,", html, StringComparison.Ordinal);
    }

    /// <summary>What the check script found in a copy of the folder's report.html, opened in headless Chromium.</summary>
    internal static async Task<JsonDocument> CheckInBrowserAsync(string output)
    {
        var html = await File.ReadAllTextAsync(Path.Combine(output, "report.html"));
        var checkedCopy = Path.Combine(output, "report-check.html");
        await File.WriteAllTextAsync(checkedCopy, html.Replace("</body>", CheckScript + "</body>", StringComparison.Ordinal));
        var dom = await HeadlessChromium.DumpDomAsync(checkedCopy);
        var found = Regex.Match(dom, "<pre id=\"tableload-check\">(.*?)</pre>", RegexOptions.Singleline);
        Assert.True(found.Success, "the check script left no result:\n" + dom[..Math.Min(dom.Length, 2000)]);
        return JsonDocument.Parse(WebUtility.HtmlDecode(found.Groups[1].Value));
    }

    /// <summary>percentiles.md's first row: each header with its cell, in order.</summary>
    private static List<(string Header, string Cell)> PercentilesMdRow(string output)
    {
        var lines = File.ReadLines(Path.Combine(output, "percentiles.md")).Where(l => l.StartsWith('|')).ToList();
        static string[] Cells(string line) => [.. line.Trim().Trim('|').Split('|').Select(c => c.Trim())];
        return [.. Cells(lines[0]).Zip(Cells(lines[2]))];
    }

    /// <summary>The table row as TableLoad prints it: two decimals for latency, whole numbers for counts.</summary>
    internal static List<string?> ExpectedRow(RunSummary summary) => ExpectedRow(summary.Label, summary.Processes, OperationSummary.OfRun(summary));

    /// <summary>A row of <paramref name="figures"/>: the run's, or one operation's of a mix.</summary>
    internal static List<string?> ExpectedRow(string label, int processes, OperationSummary figures)
    {
        var latency = figures.LatencyMs;
        static string Fixed(double value) => value.ToString("F2", CultureInfo.InvariantCulture);
        static string Count(long value) => value.ToString(CultureInfo.InvariantCulture);
        return
        [
            label, Count(processes),
            Fixed(latency.Min), Fixed(latency.Median), Fixed(latency.Mean), Fixed(latency.Max), Fixed(latency.P90), Fixed(latency.P95), Fixed(latency.P99), Fixed(latency.P999),
            Count(figures.PeakEntitiesPerSecond), Count(figures.Entities), Count(figures.EntitiesFailed),
            figures.MeanEntitiesPerSecond.ToString("F0", CultureInfo.InvariantCulture),
            Interval(figures.Confidence, figures.Confidence?.MeanEntitiesPerSecond, "F0"), Interval(figures.Confidence, figures.Confidence?.LatencyMs?.P99, "F2"),
        ];
    }

    private static string Interval(RunConfidence? confidence, ConfidenceInterval? interval, string format) => interval is { } i
        ? $"{i.Lo.ToString(format, CultureInfo.InvariantCulture)}–{i.Hi.ToString(format, CultureInfo.InvariantCulture)}"
        : confidence is null ? "" : "too little data";
}
