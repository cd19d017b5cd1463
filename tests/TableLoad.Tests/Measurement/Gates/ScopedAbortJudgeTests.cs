using TableLoad.Cli;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Settings;

namespace TableLoad.Tests.Measurement.Gates;

/// <summary>An <c>--abort-if</c> condition scoped by an operation: judged on that operation's part of each second, not the whole second.</summary>
public sealed class ScopedAbortJudgeTests
{
    private const long MeasuredFrom = 1_000;
    private const int BatchSize = 10;

    private static readonly RunIdentity Identity = new("run", "", Tasks: 2, BatchSize: BatchSize, EntitySize: 1024, Partitions: "single", Rate: null, Client: "wire");

    private static AbortJudge CreateSut(string conditions, IReadOnlyList<string> slices)
    {
        var faults = new List<string>();
        var parsed = AbortConditionParser.Parse([conditions], "--abort-if", faults);
        Assert.Empty(faults);
        return new AbortJudge(parsed, target: new LoadModel.Closed(4), Identity, MeasuredFrom, measuredSeconds: 60, stop: () => { }, slices);
    }

    private static readonly BatchResult Stored = new(BatchOutcome.Succeeded, 202, null, null, 1);
    private static readonly BatchResult Missing = new(BatchOutcome.NotFound, 404, "ResourceNotFound", null, 1);

    /// <summary>One second of a mix: <paramref name="readsMissed"/> reads that found nothing, <paramref name="upserts"/> stored batches.</summary>
    private static Window MixSecond(long epochSecond, int readsMissed, int upserts)
    {
        var window = new Window();
        window.Reset(epochSecond);
        for (var i = 0; i < readsMissed; i++)
        {
            window.Counts.Record(Missing, 1);
            window.Slice("read").Counts.Record(Missing, 1);
        }

        for (var i = 0; i < upserts; i++)
        {
            window.Counts.Record(Stored, BatchSize);
            window.Slice("upsert-replace").Counts.Record(Stored, BatchSize);
        }

        return window;
    }

    [Fact]
    public void AConditionScopedByAnOperationOfTheMix_ReadsItsSlice_WhereTheWholeSecondWouldNotHold()
    {
        var judge = CreateSut("failed>90% for 1s,read.failed>90% for 1s", ["read", "upsert-replace"]);

        // 10 of the second's 110 entities failed (9%), all 10 of the reads'.
        judge.OnWindow(MixSecond(MeasuredFrom, readsMissed: 10, upserts: 10), warmup: false);

        Assert.Equal(new StoppedBy("read.failed>90% for 1s", 1, 100, null), judge.StoppedBy! with { Sentence = null });
        Assert.Equal("Stopped by --abort-if read.failed>90% for 1s at second 1: read.failed was 100% over the last 1 s.", judge.StoppedBy?.Sentence);
    }

    [Fact]
    public void AConditionScopedByAnOperationThatEndedNothingInItsWindow_DoesNotHold()
    {
        var judge = CreateSut("upsert-replace.failed>=0% for 2s", ["read", "upsert-replace"]);

        judge.OnWindow(MixSecond(MeasuredFrom, readsMissed: 10, upserts: 1), warmup: false);
        judge.OnWindow(MixSecond(MeasuredFrom + 1, readsMissed: 10, upserts: 0), warmup: false);
        Assert.NotNull(judge.StoppedBy);

        // A window of two seconds with no upsert at all has no failed share to judge.
        var quiet = CreateSut("upsert-replace.failed>=0% for 2s", ["read", "upsert-replace"]);
        quiet.OnWindow(MixSecond(MeasuredFrom, readsMissed: 10, upserts: 0), warmup: false);
        quiet.OnWindow(MixSecond(MeasuredFrom + 1, readsMissed: 10, upserts: 0), warmup: false);
        Assert.Null(quiet.StoppedBy);
    }

    [Fact]
    public void AConditionScopedByTheOneOperationOfARun_ReadsTheWholeSecond()
    {
        var judge = CreateSut("read.failed>90% for 1s", slices: []);
        var second = new Window();
        second.Reset(MeasuredFrom);
        second.Counts.Record(Missing, 1);

        judge.OnWindow(second, warmup: false);

        Assert.Equal("read.failed>90% for 1s", judge.StoppedBy?.Condition);
    }
}
