using System.Globalization;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>
/// Which limit throttled a run, named from what its throttled answers said (<see cref="ThrottleLimit"/>): the words the
/// run's lines and tune's limit sentence share. It hedges only when the answers named different limits, and then says the counts.
/// </summary>
/// <param name="ByLimit">Throttled answers by the limit each named.</param>
/// <param name="EntitiesPerSecond">What the run stored meanwhile.</param>
/// <param name="RequestUnitsPerSecond">The measured RU/s; null when the target sent no charge.</param>
internal sealed record ThrottleEvidence(ThrottleCounts ByLimit, double EntitiesPerSecond, double? RequestUnitsPerSecond)
{
    /// <summary>Azure Storage's scalability target of an account, in entities per second.</summary>
    public const double AccountEntitiesPerSecond = 20_000;

    /// <summary>Azure Storage's scalability target of a partition, in entities per second.</summary>
    public const double PartitionEntitiesPerSecond = 2_000;

    // Storing at most this share of the account's target, unnamed throttles cannot be the account's.
    private const double FarBelowAccount = 0.5;

    /// <summary>
    /// What every answer spent of the account's per-second budget, the warm-up's late ones included; null where only the measured
    /// batches' charges are known (a tune probe's figures, a folder written before TableLoad kept it).
    /// </summary>
    public RequestUnitsSummary? Spent { get; init; }

    /// <summary>The evidence of a summary; null when it holds no throttled answer.</summary>
    public static ThrottleEvidence? Of(ThrottleCounts? byLimit, double entitiesPerSecond, double? requestUnitsPerSecond) =>
        byLimit is { Total: > 0 } counts ? new ThrottleEvidence(counts, entitiesPerSecond, requestUnitsPerSecond) : null;

    /// <summary>The evidence of a run's summary, with what its answers spent of each second's budget.</summary>
    public static ThrottleEvidence? Of(ThrottleCounts? byLimit, double entitiesPerSecond, RequestUnitsSummary? requestUnits) =>
        Of(byLimit, entitiesPerSecond, requestUnits?.PerSecondMean) is { } evidence
            ? evidence with { Spent = requestUnits is { SpentPerSecondPeak: > 0 } ? requestUnits : null }
            : null;

    /// <summary>The one limit every throttled answer named; null when they named more than one.</summary>
    public ThrottleLimit? Sole
    {
        get
        {
            var named = Named().ToList();
            return named.Count == 1 ? named[0] : null;
        }
    }

    /// <summary>The limit and the evidence for it, e.g. "the partition's target: 1,124 throttled answers named no account limit, at 2,010 e/s, a tenth of the account's (20,000)".</summary>
    /// <param name="maxRu">The account's provisioned RU/s, when the user gave it (tune's --max-ru).</param>
    /// <param name="partitions">The run's --partitions, for the hint when unnamed throttles could be either target.</param>
    public string Sentence(double? maxRu, string partitions) => Sole switch
    {
        ThrottleLimit.PartitionOrUnnamed when EntitiesPerSecond <= AccountEntitiesPerSecond * FarBelowAccount =>
            $"the partition's target: {Count(ThrottleLimit.PartitionOrUnnamed)} named no account limit, at {Rate(EntitiesPerSecond)} e/s, {Share(EntitiesPerSecond / AccountEntitiesPerSecond)} of the account's ({Rate(AccountEntitiesPerSecond)})",
        ThrottleLimit.PartitionOrUnnamed =>
            $"a partition's target or the account's: {Count(ThrottleLimit.PartitionOrUnnamed)} named no limit, at {Rate(EntitiesPerSecond)} e/s, near the account's ({Rate(AccountEntitiesPerSecond)})" +
            (partitions == "single" ? "; --partitions single sends every batch to one partition, so --partitions spread:N tells them apart" : ""),
        ThrottleLimit.AccountOperations or ThrottleLimit.AccountIngress or ThrottleLimit.AccountEgress =>
            $"the account's {AccountWord(Sole.Value)} limit: {Count(Sole.Value)} named it, at {Rate(EntitiesPerSecond)} e/s",
        ThrottleLimit.RequestUnits =>
            $"the RU budget: {Count(ThrottleLimit.RequestUnits)} said the second's request units were spent (429, sub-status 3200), at {Budget(maxRu)}",
        null =>
            $"no single limit, the answers named several: {string.Join(", ", Named().OrderByDescending(limit => ByLimit[limit]).Select(limit => $"{Rate(ByLimit[limit])} {Words(limit)}"))}; at {Rate(EntitiesPerSecond)} e/s",
    };

    private string Count(ThrottleLimit limit) => $"{Rate(ByLimit[limit])} throttled answers";

    private string Budget(double? maxRu) => (RequestUnitsPerSecond, maxRu) switch
    {
        ({ } measured, { } max) => $"{Rate(measured)} RU/s measured of --max-ru {Rate(max)}, storing {Rate(EntitiesPerSecond)} e/s",
        ({ } measured, null) when Spent is { } spent => $"{SpentText(measured, spent)}, storing {Rate(EntitiesPerSecond)} e/s",
        // The measured batches' charges alone leave out the warm-up's late answers, which spent the same seconds' budget: no match to claim.
        ({ } measured, null) => $"{Rate(measured)} RU/s measured, storing {Rate(EntitiesPerSecond)} e/s",
        (null, { } max) => $"--max-ru {Rate(max)}, storing {Rate(EntitiesPerSecond)} e/s",
        (null, null) => $"{Rate(EntitiesPerSecond)} e/s",
    };

    /// <summary>
    /// Like with like against the per-second budget: every answer's request units in the measured seconds, the warm-up's late ones
    /// included, and the run's busiest second, e.g. "9,950 RU/s spent in the measured seconds (3,350 by the measured batches, 6,600 by
    /// the warm-up's that answered in them) and 10,020 in the run's busiest second, about what the account provides a second".
    /// </summary>
    private static string SpentText(double measured, RequestUnitsSummary spent)
    {
        var split = spent.WarmupInMeasuredSeconds > 0
            ? $" ({Rate(measured)} by the measured batches, {Rate(spent.SpentPerSecondMean - measured)} by the warm-up's that answered in them)"
            : "";
        return $"{Rate(spent.SpentPerSecondMean)} RU/s spent in the measured seconds{split} and {Rate(spent.SpentPerSecondPeak)} in the run's busiest second, about what the account provides a second";
    }

    private IEnumerable<ThrottleLimit> Named() => ThrottleLimitExtensions.All.Where(limit => ByLimit[limit] > 0);

    private static string Words(ThrottleLimit limit) => limit switch
    {
        ThrottleLimit.RequestUnits => "the RU budget (429, sub-status 3200)",
        ThrottleLimit.AccountOperations or ThrottleLimit.AccountIngress or ThrottleLimit.AccountEgress => $"the account's {AccountWord(limit)} limit",
        ThrottleLimit.PartitionOrUnnamed => "no limit (a partition's target or unnamed)",
    };

    private static string AccountWord(ThrottleLimit limit) => limit switch
    {
        ThrottleLimit.AccountOperations => "operations",
        ThrottleLimit.AccountIngress => "ingress",
        ThrottleLimit.AccountEgress => "egress",
        ThrottleLimit.RequestUnits or ThrottleLimit.PartitionOrUnnamed => throw new ArgumentOutOfRangeException(nameof(limit), limit, "not an account limit"),
    };

    // "a tenth", "a third", "half": how far below the account's target the run stored.
    private static string Share(double fraction)
    {
        if (fraction <= 0)
        {
            return "nothing";
        }

        var parts = (int)Math.Min(Math.Round(1 / fraction), 1000);
        return parts switch
        {
            <= 2 => "half",
            3 => "a third",
            4 => "a quarter",
            5 => "a fifth",
            6 => "a sixth",
            7 => "a seventh",
            8 => "an eighth",
            9 => "a ninth",
            10 => "a tenth",
            _ => $"1/{parts.ToString(CultureInfo.InvariantCulture)}",
        };
    }

    private static string Rate(double value) => value.ToString("#,0", CultureInfo.InvariantCulture);
}
