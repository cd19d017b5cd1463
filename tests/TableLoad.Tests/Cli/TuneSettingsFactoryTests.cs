using TableLoad.Cli;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;
using TableLoad.Tune;

namespace TableLoad.Tests.Cli;

public sealed class TuneSettingsFactoryTests
{
    private static readonly DateTimeOffset Now = new(2026, 11, 26, 9, 0, 0, TimeSpan.Zero);

    private static TuneSettings Create(params string[] args) => TuneArguments.Settings(Now, args);

    [Fact]
    public void EveryFault_OfTheConstraints_TheSpace_TheModelAndTheProbesRuns_IsSaidAtOnce()
    {
        var refusal = Assert.Throws<UsageException>(() => Create(
            "--p99", "0s", "--max-tasks", "0", "--batch-size", "0,50,101", "--confirm-duration", "soon", "--client", "sdk,wire", "--retries", "500"));

        Assert.Equal(
            [
                "--p99 must be greater than 0s and at most 24h (no batch is answered in no time, so no configuration could meet 0s), not 0s.",
                "--max-tasks must be between 1 and 10000, not 0.",
                "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 0.",
                "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 101.",
                $"--confirm-duration 'soon' is not a duration; use forms such as {BoundedDuration.Forms}.",
                "tune takes one --client, not 2: it is part of the load being tuned; tune each value on its own, or compare them with sweep.",
                "--retries must be between 0 and 100, not 500 (in cell sdk-p1-t1-b1-e1024-single-r1).",
            ],
            refusal.Message.Split(Environment.NewLine));
    }

    [Fact]
    public void TheProbesAndConfirmRuns_ShareTheTarget_AndDifferOnlyInTheirMeasuredTime()
    {
        var settings = Create("--duration", "5s", "--warmup", "1s", "--confirm-duration", "20s", "--retries", "3");

        Assert.Equal(settings.Probes.Target, settings.Confirms.Target);
        Assert.Equal(["--retries", "3", "--warmup", "1s", "--duration", "5s"], settings.Probes.RunArguments);
        Assert.Equal(["--retries", "3", "--warmup", "1s", "--duration", "20s"], settings.Confirms.RunArguments);
        Assert.Equal((settings.ProbeTime, settings.ConfirmTime), (settings.Probes.CellTime, settings.Confirms.CellTime));
    }

    [Fact]
    public void BatchSizeNone_IsTheWholeLadder_AndEveryCornerSendsSingleWrites()
    {
        var settings = Create("--batch-size", "none");

        Assert.Equal([Batching.None], settings.Space.BatchSizes);
        Assert.All(settings.Probes.Cells, c => Assert.Equal(Batching.None, c.BatchSize));
    }

    [Fact]
    public void AYcsbPreset_WithNoBatchSize_IsTunedInTheSingleWritesItSends()
    {
        var settings = Create("--workload", "ycsb-a", "--key-space", "10", "--preload");

        Assert.Equal([Batching.None], settings.Space.BatchSizes);
    }

    [Fact]
    public void BatchSizeNone_AmongSizes_IsOneSentence()
    {
        var refusal = Assert.Throws<UsageException>(() => Create("--batch-size", "none,100"));

        Assert.Equal(
            "--batch-size none cannot be mixed with batch sizes: tune searches one kind of request; tune none on its own, or compare the two with sweep --batch-size none,100.",
            refusal.Message);
    }
}
