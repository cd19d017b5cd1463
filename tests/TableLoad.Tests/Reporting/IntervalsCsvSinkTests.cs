using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting;

public sealed class IntervalCsvWriterTests
{
    private const long StartSecond = 1_700_000_000;

    private static Window CreateWindow(long second, params long[] latenciesMicros)
    {
        var window = new Window();
        window.Reset(second);
        foreach (var latency in latenciesMicros)
        {
            window.Counts.Record(new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), 100);
            window.Latency.RecordValue(latency);
        }

        return window;
    }

    private static string[] Lines(StringWriter text) => text.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);

    [Fact]
    public void Header_MatchesTheDocumentedColumns() =>
        Assert.Equal(IntervalsCsvSink.Header, string.Join(',', ResultsDoc.FieldNames("intervals.csv")));

    [Fact]
    public void Constructor_WritesTheHeader()
    {
        var text = new StringWriter();
        using var sut = new IntervalsCsvSink(text, StartSecond);

        Assert.Equal([IntervalsCsvSink.Header], Lines(text));
    }

    [Fact]
    public void OnWindow_CommaDecimalCulture_WritesInvariantNumbers()
    {
        using var culture = new CultureScope("de-DE");
        var text = new StringWriter();
        using var sut = new IntervalsCsvSink(text, StartSecond);

        sut.OnWindow(CreateWindow(StartSecond + 7, 1_500, 1_999), warmup: false);

        Assert.Equal($"{StartSecond + 7},7,false,200,0,2,0,0,0,0,0,0,0,0,0,1.500,1.999,,,,2", Lines(text)[1]);
    }

    [Fact]
    public void OnWindow_FailuresByClass_FillTheirColumns()
    {
        var text = new StringWriter();
        using var sut = new IntervalsCsvSink(text, StartSecond);
        var window = CreateWindow(StartSecond);
        var outcomes = new[] { BatchOutcome.ServerBusy, BatchOutcome.OperationTimedOut, BatchOutcome.OperationTimedOut, BatchOutcome.TooManyRequests, BatchOutcome.ClientTimeout, BatchOutcome.Rejected, BatchOutcome.NetworkFailure, BatchOutcome.Abandoned, BatchOutcome.Conflict };
        foreach (var outcome in outcomes)
        {
            window.Counts.Record(new BatchResult(outcome, null, null, null, 1), 10);
            window.Latency.RecordValue(1_000);
        }

        sut.OnWindow(window, warmup: true);

        Assert.Equal($"{StartSecond},0,true,0,90,9,1,2,1,1,1,1,1,0,1,1.000,1.000,,,,9", Lines(text)[1]);
    }

    [Fact]
    public void OnWindow_NoBatches_LeavesPercentilesEmpty()
    {
        var text = new StringWriter();
        using var sut = new IntervalsCsvSink(text, StartSecond);

        sut.OnWindow(CreateWindow(StartSecond + 1), warmup: false);

        Assert.Equal($"{StartSecond + 1},1,false,0,0,0,0,0,0,0,0,0,0,0,0,,,,,,0", Lines(text)[1]);
    }

    [Fact]
    public void OnWindow_WithAStagePlan_SaysEachMeasuredSecondsStageAndTarget_AndTheWarmupsTarget()
    {
        var text = new StringWriter();
        // From 100 up to 300 e/s over 2 s, measured from the start's second 1.
        var stages = new StageTimeline(new StagePlan(100, [new Stage(TimeSpan.FromSeconds(2), 300), new Stage(TimeSpan.FromSeconds(2), 300)]), StartSecond + 1);
        using var sut = new IntervalsCsvSink(text, StartSecond, stages);

        sut.OnWindow(CreateWindow(StartSecond), warmup: true);
        sut.OnWindow(CreateWindow(StartSecond + 1), warmup: false);
        sut.OnWindow(CreateWindow(StartSecond + 2), warmup: false);
        sut.OnWindow(CreateWindow(StartSecond + 4), warmup: false);

        Assert.Equal([",100", "1,150", "1,250", "2,300"], Lines(text).Skip(1).Select(l => string.Join(',', l.Split(',')[^4..^2])));
    }

    [Fact]
    public void OnWindow_EveryRow_HasAsManyCellsAsTheHeader()
    {
        var text = new StringWriter();
        using var sut = new IntervalsCsvSink(text, StartSecond);

        sut.OnWindow(CreateWindow(StartSecond, 1_000), warmup: true);
        sut.OnWindow(CreateWindow(StartSecond + 1), warmup: false);

        Assert.All(Lines(text), l => Assert.Equal(IntervalsCsvSink.Header.Split(',').Length, l.Split(',').Length));
    }
}
