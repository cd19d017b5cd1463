namespace TableLoad.Tune;

/// <summary>A verdict's name in tune.csv and tune.json (snake_case), and back.</summary>
internal static class ProbeVerdictNames
{
    public static string ToName(this ProbeVerdict verdict) => verdict switch
    {
        ProbeVerdict.Meets => "meets",
        ProbeVerdict.RunFailed => "run_failed",
        ProbeVerdict.Failures => "failures",
        ProbeVerdict.Throttled => "throttled",
        ProbeVerdict.RequestUnits => "request_units",
        ProbeVerdict.LatencyOver => "latency_over",
        ProbeVerdict.ClientSaturated => "client_saturated",
    };

    public static ProbeVerdict? FromName(string name) =>
        Enum.GetValues<ProbeVerdict>().Select(v => (ProbeVerdict?)v).FirstOrDefault(v => v!.Value.ToName() == name);
}
