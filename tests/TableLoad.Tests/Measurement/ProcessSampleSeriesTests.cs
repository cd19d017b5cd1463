using TableLoad.Measurement;
using TableLoad.Storage;

namespace TableLoad.Tests.Measurement;

public sealed class ProcessSampleSeriesTests
{
    private static readonly SaturationContext Tuned = new(BatchClientKind.Sdk, GcAdaptive: false, EntitiesPerSecondPerProcess: 1000, Rate: null, Processes: 1);

    [Fact]
    public void ADaysSamples_KeepTheFirstAndTheLatest_InBoundedMemory()
    {
        var series = new ProcessSampleSeries();
        for (var second = 0; second <= 86_400; second++)
        {
            series.Add(Sample(second, cpu: second * 0.5));
        }

        Assert.Equal(ProcessSampleSeries.RecentCapacity + 1, series.Count);
        Assert.Equal(0, series[0].WallSeconds);
        Assert.Equal(86_400, series[^1].WallSeconds);
        Assert.Equal(86_399, series[^2].WallSeconds);
        Assert.Equal(
            Enumerable.Range(86_400 - ProcessSampleSeries.RecentCapacity + 1, ProcessSampleSeries.RecentCapacity).Select(s => (double)s),
            series.Skip(1).Select(sample => sample.WallSeconds));
    }

    [Fact]
    public void TheCoordinatorsSamples_StayBounded_HoweverManySecondsPass()
    {
        var samples = new FleetSamples(new RunClock(TimeProvider.System), []);
        for (var second = 0; second < 1000; second++)
        {
            samples.SampleCoordinator();
        }

        var (_, coordinator) = Assert.Single(samples.Series());
        Assert.Equal(ProcessSampleSeries.RecentCapacity + 1, coordinator.Count);
    }

    [Fact]
    public void BeforeItFills_TheSeriesIsEverySampleInOrder()
    {
        var series = new ProcessSampleSeries();
        for (var second = 0; second < 5; second++)
        {
            series.Add(Sample(second, cpu: 0));
        }

        Assert.Equal([0.0, 1, 2, 3, 4], series.Select(sample => sample.WallSeconds));
        Assert.Throws<ArgumentOutOfRangeException>(() => series[5]);
    }

    [Fact]
    public void TheGuard_JudgesAWholeDay_FromTheFirstSample_AndTheLatestSeconds()
    {
        // Half a core for the whole day, then a thread-pool queue that grew in the last five seconds: the guard must
        // see both the day's average (first and last) and the tail, which the bounded series keeps.
        var series = new ProcessSampleSeries();
        for (var second = 0; second <= 86_400; second++)
        {
            series.Add(Sample(second, cpu: second * 0.95, queue: second <= 86_395 ? 0 : (second - 86_395) * 100));
        }

        var reasons = SaturationGuard.Assess([("p", series)], batches: 100, lateBatches: 0, cores: 1, Tuned);

        Assert.Contains(reasons, r => r.StartsWith("p used 95% of a core on average", StringComparison.Ordinal));
        Assert.Contains(reasons, r => r.Contains("thread-pool queue kept growing, to 500", StringComparison.Ordinal));
    }

    private static ProcessSample Sample(double second, double cpu, long queue = 0) =>
        new(second, cpu, 0, 0, 0, 0, 0, queue);
}
