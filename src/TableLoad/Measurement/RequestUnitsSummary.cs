using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement;

/// <summary>
/// What the measured batches cost in Cosmos DB request units. Absent from a summary when no answer carried a
/// charge (Azure Storage, Azurite): never a 0 that reads as free.
/// </summary>
internal sealed record RequestUnitsSummary
{
    /// <summary>Per-batch charges are kept in hundredths of a request unit: Cosmos DB charges to two decimals.</summary>
    public const double Scale = 100;

    [Merge(MergeRule.Sum)]
    public required double Total { get; init; }

    /// <summary>Measured batches with a readable charge.</summary>
    [Merge(MergeRule.Sum)]
    public required long Batches { get; init; }

    /// <summary>Answers whose charge header was not a non-negative number, left out of every figure.</summary>
    [Merge(MergeRule.Sum)]
    public required long Unreadable { get; init; }

    /// <summary>The mean charge of an entity stored: the total over the entities succeeded.</summary>
    [Merge(MergeRule.Derived)]
    public double PerEntity { get; init; }

    [Merge(MergeRule.Histogram)]
    public required RequestUnitsPerBatch PerBatch { get; init; }

    [Merge(MergeRule.Derived)]
    public double PerSecondMean { get; init; }

    [Merge(MergeRule.PerSecond)]
    public required double PerSecondPeak { get; init; }

    /// <summary>
    /// Request units of warm-up batches that answered in the measured seconds (the open model's late ones): not in <see cref="Total"/>,
    /// yet spent from the budget of the seconds it is measured over.
    /// </summary>
    [Merge(MergeRule.Sum)]
    public double WarmupInMeasuredSeconds { get; init; }

    /// <summary>Every answer's request units per measured second, the warm-up's late ones included: like with like against a per-second budget.</summary>
    [Merge(MergeRule.Derived)]
    public double SpentPerSecondMean { get; init; }

    /// <summary>The run's largest second of request units, every answer's (the warm-up's included); 0 in folders written before TableLoad kept it.</summary>
    [Merge(MergeRule.PerSecond)]
    public double SpentPerSecondPeak { get; init; }

    /// <summary>The RU/s to provision for the measured rate of this entity: RU per entity × the mean and the peak second's entities/s.</summary>
    [Merge(MergeRule.Derived)]
    public ProvisionedRequestUnits ProvisionRuPerSecond { get; init; } = new(0, 0);

    /// <summary>The per-batch charges in hundredths, HdrHistogram V2 compressed in base64: what a merge draws <see cref="PerBatch"/> from.</summary>
    [Merge(MergeRule.Histogram)]
    public required string Histogram { get; init; }

    public static long Scaled(double units) => (long)Math.Round(units * Scale);

    /// <summary>Null when no measured answer carried a charge header.</summary>
    public static RequestUnitsSummary? Of(WindowCounts measured, LatencyHistogram? perBatch, double peak, SpentRequestUnits spent)
    {
        if (!measured.Charged)
        {
            return null;
        }

        var histogram = perBatch ?? new LatencyHistogram();
        return new RequestUnitsSummary
        {
            Total = measured.RequestUnits,
            Batches = measured.ChargedBatches,
            Unreadable = measured.UnreadableCharges,
            PerBatch = RequestUnitsPerBatch.From(histogram),
            PerSecondPeak = peak,
            WarmupInMeasuredSeconds = spent.WarmupInMeasuredSeconds,
            SpentPerSecondPeak = spent.PeakSecond,
            Histogram = Convert.ToBase64String(HistogramEncoding.EncodeCompressed(histogram)),
        };
    }

    /// <summary>The figures derived from the total, the same way for a run and a merge.</summary>
    public RequestUnitsSummary WithRates(long entitiesSucceeded, double measuredSeconds, double meanEntitiesPerSecond, long peakEntitiesPerSecond)
    {
        var perEntity = entitiesSucceeded > 0 ? Total / entitiesSucceeded : 0;
        return this with
        {
            PerEntity = perEntity,
            PerSecondMean = measuredSeconds > 0 ? Total / measuredSeconds : 0,
            SpentPerSecondMean = measuredSeconds > 0 ? (Total + WarmupInMeasuredSeconds) / measuredSeconds : 0,
            ProvisionRuPerSecond = new ProvisionedRequestUnits(perEntity * meanEntitiesPerSecond, perEntity * peakEntitiesPerSecond),
        };
    }

    /// <summary>The parts' per-batch charges as one distribution, and its percentiles.</summary>
    public RequestUnitsSummary WithMergedHistogram(IEnumerable<RequestUnitsSummary> parts, double peak, double spentPeak)
    {
        var histogram = new LatencyHistogram();
        foreach (var part in parts)
        {
            HistogramEncoding.AddCompressed(Convert.FromBase64String(part.Histogram), histogram);
        }

        return this with
        {
            PerBatch = RequestUnitsPerBatch.From(histogram),
            PerSecondPeak = peak,
            SpentPerSecondPeak = spentPeak,
            Histogram = Convert.ToBase64String(HistogramEncoding.EncodeCompressed(histogram)),
        };
    }
}

/// <summary>What every answer spent of an account's per-second budget beyond the measured batches' charges (<see cref="RunTotals"/>).</summary>
internal sealed record SpentRequestUnits(double WarmupInMeasuredSeconds, double PeakSecond)
{
    public static SpentRequestUnits Of(RunTotals totals) => new(totals.WarmupRequestUnitsInMeasuredSeconds, totals.PeakSpentRequestUnitsPerSecond);
}

/// <summary>The RU/s a rate of entities needs: the mean second's and the peak second's.</summary>
internal sealed record ProvisionedRequestUnits(double Mean, double Peak);

/// <summary>Percentiles of the request units one batch cost, its attempts added.</summary>
internal sealed record RequestUnitsPerBatch(double P50, double P99)
{
    public static RequestUnitsPerBatch From(LatencyHistogram centiUnits) => centiUnits.TotalCount == 0
        ? new RequestUnitsPerBatch(0, 0)
        : new RequestUnitsPerBatch(centiUnits.ValueAtPercentile(50) / RequestUnitsSummary.Scale, centiUnits.ValueAtPercentile(99) / RequestUnitsSummary.Scale);
}
