using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>What a run prints and writes reads the same whatever the user's culture: calendar, separators and decimals.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class OtherCultureRunTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-culture-").FullName;

    [Theory]
    [InlineData("th_TH.UTF-8")] // the Thai Buddhist calendar: the year 2026 is 2569
    [InlineData("de_DE.UTF-8")] // a comma decimal separator
    public async Task RunWithAStartTime_UnderAnotherCulture_PrintsTheInvariantTime_AndItsFilesParse(string locale)
    {
        var startText = "";
        using var run = (await StartTogether.StartAsync((startAt, _) =>
        {
            startText = startAt;
            return [TableLoadProcess.Start(
                ["run", "--start-at", startAt, "--tasks", "1", "--batch-size", "10", "--batches", "20", "--duration", "60s", "--warmup", "0s", "--verify", "--quiet", "--output", _output],
                azurite.ConnectionString,
                new Dictionary<string, string> { ["LANG"] = locale, ["LC_ALL"] = locale })];
        })).Single();
        var startAt = DateTimeOffset.Parse(startText, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal);

        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.True(exitCode == 0, $"exit code {exitCode}; stderr: {run.StandardError}; stdout: {run.StandardOutput}");
        Assert.Contains($"waiting until {startAt.UtcDateTime.ToString("yyyy-MM-ddTHH:mm:ss", CultureInfo.InvariantCulture)}.000Z to start", run.StandardError, StringComparison.Ordinal);
        Assert.Contains("entities: matches", run.StandardOutput, StringComparison.Ordinal);
        var results = new ResultFolder(_output);
        Assert.True(results.Summary.EntitiesSucceeded > 0);
        Assert.Equal(results.Summary.EntitiesSucceeded, results.Summary.Stored!.Count);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
