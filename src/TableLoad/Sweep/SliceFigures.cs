using TableLoad.Measurement;

namespace TableLoad.Sweep;

/// <summary>One slice's figures in a sweep.csv row, an operation's or a scenario's, as the cell's summary.json <c>operations</c> or <c>scenarios</c> has them.</summary>
internal sealed record SliceFigures(long Requests, long Entities, double MeanEntitiesPerSecond, long PeakEntitiesPerSecond, double P50, double P99)
{
    /// <summary>Zeros, for sweep.csv's reader to fill column by column.</summary>
    public static SliceFigures Blank { get; } = new(0, 0, 0, 0, 0, 0);

    public static SliceFigures Of(OperationSummary slice) => new(
        slice.Requests, slice.Entities, slice.MeanEntitiesPerSecond, slice.PeakEntitiesPerSecond, slice.LatencyMs.Median, slice.LatencyMs.P99);
}
