namespace TableLoad.Tune;

/// <summary>
/// The time tune may take in all, what one probe is expected to take (the search starts no probe that would
/// end past the budget), and what is kept back for the confirm runs.
/// </summary>
internal sealed record TuneBudget(TimeSpan Total, TimeSpan ProbeEstimate, TimeSpan Reserved)
{
    public static readonly TimeSpan DefaultTotal = TimeSpan.FromMinutes(10);
}
