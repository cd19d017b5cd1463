namespace TableLoad.Measurement;

/// <summary>The measured throttled answers, every attempt's, by the limit each named (<see cref="ThrottleLimit"/>).</summary>
internal sealed record ThrottlingSummary([property: Merge(MergeRule.Sum)] IReadOnlyDictionary<string, long> ByLimit)
{
    public static ThrottlingSummary Of(WindowCounts measured) =>
        new(ThrottleLimitExtensions.All.ToDictionary(limit => limit.ToSnakeCase(), limit => measured.ThrottledByLimit[(int)limit]));
}
