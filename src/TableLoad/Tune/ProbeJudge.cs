namespace TableLoad.Tune;

/// <summary>Judges a probe's figures against the constraints: the first constraint broken, in <see cref="ProbeVerdict"/>'s order.</summary>
internal static class ProbeJudge
{
    public static ProbeVerdict Judge(ProbeFigures? figures, TuneConstraints constraints)
    {
        if (figures is null)
        {
            return ProbeVerdict.RunFailed;
        }

        if (figures.FailedPercent > constraints.MaxFailedPercent)
        {
            return ProbeVerdict.Failures;
        }

        if (figures.ThrottledPercent > constraints.MaxThrottledPercent)
        {
            return ProbeVerdict.Throttled;
        }

        if (constraints.MaxRequestUnitsPerSecond is { } maxRu && figures.RequestUnitsPerSecond > maxRu)
        {
            return ProbeVerdict.RequestUnits;
        }

        if (constraints.P99 is { } p99 && figures.P99Ms > p99.TotalMilliseconds)
        {
            return ProbeVerdict.LatencyOver;
        }

        return figures.ClientSaturated ? ProbeVerdict.ClientSaturated : ProbeVerdict.Meets;
    }
}
