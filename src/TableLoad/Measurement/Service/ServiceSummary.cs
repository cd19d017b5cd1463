namespace TableLoad.Measurement.Service;

/// <summary>summary.json's <c>service</c>: the service's own view of the run, beside the client's.</summary>
internal sealed record ServiceSummary
{
    /// <summary>The service's request log joined with the run's requests; null without <c>--service-log</c>.</summary>
    [Merge(MergeRule.Derived)]
    public ServiceLogSummary? Log { get; init; }
}
