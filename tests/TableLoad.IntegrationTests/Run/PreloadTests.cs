using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;

namespace TableLoad.IntegrationTests.Run;

/// <summary>A long --preload through the command line: it says its total, shows its progress, and the first Ctrl+C stops it.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class PreloadTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-preload-").FullName;

    [Fact]
    public async Task FirstInterrupt_DuringAPreload_StopsIt_AndWritesResultsMarkedInterrupted_WithWhatItStored()
    {
        // 800,000 entities: minutes on any machine, so the Ctrl+C comes long before the preload could end by itself.
        using var process = TableLoadProcess.Start(
            ["run", "--operation", "read", "--preload", "--key-space", "400000", "--tasks", "2", "--duration", "5m", "--warmup", "0s", "--verify", "--output", _output],
            azurite.ConnectionString);
        await process.WaitForErrorTextAsync("[preload", TimeSpan.FromMinutes(2));

        process.Signal(2);
        // Generous, not a speed limit: without the fix the preload goes on for minutes after the first Ctrl+C.
        var exitCode = await process.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.True(exitCode == 130, process.StandardError);
        Assert.Contains("preloading 800000 entities before the warm-up: the key space of 400000 for each of 2 tasks", process.StandardError, StringComparison.Ordinal);
        Assert.Matches(@"\[preload +\d+s\] \d+/800000 entities \(\d+\.\d%\), \d+ e/s, about \d+:\d\d:\d\d left", process.StandardError);
        Assert.Contains("preload stopped by Ctrl+C: ", process.StandardError, StringComparison.Ordinal);
        var summary = new ResultFolder(_output).Summary;
        Assert.Equal(RunStatus.Interrupted, summary.Status);
        Assert.InRange(summary.Preload!.Entities, 1, 799_999);
        // Nothing lost: what the preload says it stored is what the table holds.
        Assert.Equal((summary.Preload.Entities, true), (summary.Stored!.Count, summary.Stored.Matches));
        Assert.Equal(0, summary.EntitiesSucceeded + summary.Warmup.EntitiesSucceeded);
    }

    [Fact]
    public async Task Preload_OverItsBound_IsRefusedBeforeAnyRequest_NamingTheTotalAndTheOptionThatRaisesIt() =>
        await RefusedRun.AssertRefusedAsync(
            "--preload would write 24000000 entities (--key-space 2000000 for each of 12 tasks), over the bound of 1000000: give --max-preload 24000000 to write them, or a smaller --key-space.",
            ["--operation", "read", "--preload", "--key-space", "2000000", "--tasks", "12"]);

    [Fact]
    public async Task ScenarioPreloads_OverTheBoundTogether_AreRefused_NamingEachScenariosPart()
    {
        var profile = Path.Combine(_output, "scenarios.json");
        await File.WriteAllTextAsync(profile, """
            {"scenarios": {"a": {"operation": "read", "tasks": 2, "key_space": 300000, "preload": true}, "b": {"operation": "query", "tasks": 1, "key_space": 500000, "preload": true}}}
            """);

        await RefusedRun.AssertRefusedAsync(
            "--preload would write 1100000 entities (a: --key-space 300000 for each of 2 tasks; b: --key-space 500000 for each of 1 tasks), over the bound of 1000000: give --max-preload 1100000 to write them, or a smaller --key-space.",
            ["--config", profile]);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
