namespace TableLoad.Measurement.Confidence;

/// <summary>The measured period in Unix seconds; windows follow the clock's seconds, so the first and last overlap it only in part.</summary>
internal readonly record struct MeasuredPeriod(double From, double To)
{
    public double Seconds => To - From;

    public static MeasuredPeriod Of(RunTimeline timeline, double measuredSeconds)
    {
        var from = (timeline.StartEpochMicros + timeline.MeasuredStartMicros) / 1e6;
        return new MeasuredPeriod(from, from + measuredSeconds);
    }

    /// <summary>How much of [<paramref name="first"/>, <paramref name="end"/>) lies inside the period, in seconds.</summary>
    public double Overlap(double first, double end) => Math.Max(0, Math.Min(end, To) - Math.Max(first, From));
}
