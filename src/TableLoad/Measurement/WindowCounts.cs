using TableLoad.Engine;

namespace TableLoad.Measurement;

/// <summary>Counts of one window (or of a whole run): batches by outcome and entities.</summary>
internal sealed class WindowCounts
{
    private readonly long[] _byOutcome = new long[BatchOutcomeExtensions.Count];

    public long Batches { get; private set; }

    public long EntitiesSucceeded { get; private set; }

    public long EntitiesFailed { get; private set; }

    public long Attempts { get; private set; }

    public long this[BatchOutcome outcome] => _byOutcome[(int)outcome];

    public void Record(in BatchResult result, int entities)
    {
        Batches++;
        Attempts += result.Attempts;
        _byOutcome[(int)result.Outcome]++;
        if (result.Succeeded)
        {
            EntitiesSucceeded += entities;
        }
        else
        {
            EntitiesFailed += entities;
        }
    }

    public void Add(WindowCounts other)
    {
        Batches += other.Batches;
        Attempts += other.Attempts;
        EntitiesSucceeded += other.EntitiesSucceeded;
        EntitiesFailed += other.EntitiesFailed;
        for (var i = 0; i < _byOutcome.Length; i++)
        {
            _byOutcome[i] += other._byOutcome[i];
        }
    }

    public void Reset()
    {
        Batches = EntitiesSucceeded = EntitiesFailed = Attempts = 0;
        Array.Clear(_byOutcome);
    }
}
