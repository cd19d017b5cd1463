using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Tests.TestSupport;

/// <summary>Finished-run summaries with distinct, recognisable figures.</summary>
internal static class RunSummaries
{
    public static readonly RunConfidence TooLittleData = new()
    {
        Level = 0.95, Blocks = 2, BlockSeconds = 1, TooLittleData = "too little data: 2.0 s measured make 2 blocks of seconds, and an interval needs 10",
    };

    public static RunSummary Create(int processes = 1, double p99 = 48.5, long peak = 12_000) => new()
    {
        RunId = "20240305-120709-abcd",
        Label = "sweep a",
        Processes = processes,
        Tasks = 12,
        BatchSize = 100,
        EntitySize = 1024,
        Partitions = "single",
        BatchClient = "sdk",
        Status = RunStatus.Complete,
        MeasuredSeconds = 60,
        LatencyMs = new LatencySummary(Count: 7_200, Min: 8.25, Median: 20.5, Mean: 22.126, Max: 950.75, P90: 30.5, P95: 35.25, P99: p99, P999: 120.5),
        PeakEntitiesPerSecond = peak,
        MeanEntitiesPerSecond = 11_500.5,
        Confidence = new RunConfidence
        {
            Level = 0.95, Blocks = 12, BlockSeconds = 5, MeanEntitiesPerSecond = new(11_010.25, 11_990.25),
            LatencyMs = new(new(19.5, 21.5), new(29.25, 31.75), new(45.25, 52.75)),
        },
        GoodputMbPerSecond = 11.78,
        EntitiesSucceeded = 690_030,
        EntitiesFailed = 900,
        Outcomes = BatchOutcomeExtensions.All().ToDictionary(o => o.ToSnakeCase(), o => o switch
        {
            BatchOutcome.Succeeded => 6_900L,
            BatchOutcome.ServerBusy => 7L,
            BatchOutcome.Rejected => 2L,
            _ => 0L,
        }),
        RejectedByCode = new Dictionary<string, long> { ["EntityAlreadyExists"] = 2 },
        Warmup = new WarmupTotals(Batches: 500, EntitiesSucceeded: 50_000, EntitiesFailed: 0),
        Client = new ClientUsage(UserCpuSeconds: 12.5, SystemCpuSeconds: 3.25, CpuUsPerEntity: 22.8, GcGen0: 40, GcGen1: 3, GcGen2: 1),
        RuntimeSettings = RuntimeSettings.Current("tuned"),
        RequestUnits = RequestUnits(total: 4_250_000.5, peak: 75_500.25, 620_00, 650_00, 980_00),
        Throttling = ThrottlingSummary.Of(new WindowCounts { ThrottledByLimit = [0, 0, 0, 0, 7] }),
    };

    /// <summary>A stage's figures, numbered <paramref name="number"/>, of 10 s from 100 to 200 e/s.</summary>
    public static StageSummary Stage(int number, double mean = 150.5) => new()
    {
        Stage = number,
        StartS = (number - 1) * 10,
        EndS = number * 10,
        StartTarget = 100,
        EndTarget = 200,
        MeanEntitiesPerSecond = mean,
        PeakEntitiesPerSecond = 210,
        EntitiesSucceeded = 1_505,
        EntitiesFailed = 10,
        Batches = 152,
        LatencyMs = new LatencySummary(Count: 152, Min: 4.25, Median: 9.5, Mean: 10.5, Max: 80.75, P90: 15.5, P95: 20.25, P99: 60.5, P999: 80.75),
        Confidence = TooLittleData,
        ThrottledPercent = 1.5,
        FailedPercent = 0.5,
    };

    /// <summary>A run's request units as the run makes them: from its counts and its per-batch histogram of <paramref name="centiUnits"/>.</summary>
    public static RequestUnitsSummary RequestUnits(double total, double peak, params long[] centiUnits)
    {
        var perBatch = new LatencyHistogram();
        foreach (var value in centiUnits)
        {
            perBatch.RecordValue(value);
        }

        return RequestUnitsSummary.Of(new WindowCounts { RequestUnits = total, ChargedBatches = centiUnits.Length }, perBatch, peak, new SpentRequestUnits(0, peak))!;
    }
}
