namespace TableLoad.Measurement;

/// <summary>Counts of one window (or of a whole run): batches by outcome and entities.</summary>
internal sealed class WindowCounts
{
    private readonly long[] _byOutcome = new long[OutcomeTable.Count];

    public long Batches { get; private set; }

    public long EntitiesSucceeded { get; private set; }

    public long EntitiesFailed { get; private set; }

    public long Attempts { get; private set; }

    /// <summary>Open model: batches that started more than one interval after their intended time.</summary>
    public long Late { get; private set; }

    public void RecordLate() => Late++;

    /// <summary>Batches whose outcome was settled by reading their entity back (answer lost, or a retry that conflicted with an earlier attempt).</summary>
    public long VerifiedByRead { get; private set; }

    /// <summary>Abandoned batches (a second Ctrl+C) that reading back found stored.</summary>
    public long AbandonedStored { get; private set; }

    /// <summary>Abandoned batches that reading back found not stored; the rest of the abandoned are unknown (the read-back got no answer).</summary>
    public long AbandonedNotStored { get; private set; }

    /// <summary>Batches left out of batches.csv because its writer was that far behind (a slow disk).</summary>
    public long BatchLogDropped { get; private set; }

    public void RecordBatchLogDropped() => BatchLogDropped++;

    /// <summary>Restores counts read back from a worker's message.</summary>
    public void Set(long batches, long attempts, long entitiesSucceeded, long entitiesFailed, long late, ReadOnlySpan<long> byOutcome, long verifiedByRead = 0, long batchLogDropped = 0, long abandonedStored = 0, long abandonedNotStored = 0)
    {
        AbandonedStored = abandonedStored;
        AbandonedNotStored = abandonedNotStored;
        BatchLogDropped = batchLogDropped;
        VerifiedByRead = verifiedByRead;
        Batches = batches;
        Attempts = attempts;
        EntitiesSucceeded = entitiesSucceeded;
        EntitiesFailed = entitiesFailed;
        Late = late;
        byOutcome.CopyTo(_byOutcome);
    }

    public ReadOnlySpan<long> ByOutcome => _byOutcome;

    public long this[BatchOutcome outcome] => _byOutcome[(int)outcome];

    public void Record(in BatchResult result, int entities)
    {
        Batches++;
        Attempts += result.Attempts;
        VerifiedByRead += result.VerifiedByRead ? 1 : 0;
        _byOutcome[(int)result.Outcome]++;
        if (result.Outcome == BatchOutcome.Abandoned)
        {
            AbandonedStored += result.VerifiedByRead ? 1 : 0;
            AbandonedNotStored += result.NotFoundByRead ? 1 : 0;
        }

        if (result.Stored)
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
        Late += other.Late;
        BatchLogDropped += other.BatchLogDropped;
        VerifiedByRead += other.VerifiedByRead;
        AbandonedStored += other.AbandonedStored;
        AbandonedNotStored += other.AbandonedNotStored;
        EntitiesSucceeded += other.EntitiesSucceeded;
        EntitiesFailed += other.EntitiesFailed;
        for (var i = 0; i < _byOutcome.Length; i++)
        {
            _byOutcome[i] += other._byOutcome[i];
        }
    }

    public void Reset()
    {
        Batches = EntitiesSucceeded = EntitiesFailed = Attempts = Late = VerifiedByRead = BatchLogDropped = AbandonedStored = AbandonedNotStored = 0;
        Array.Clear(_byOutcome);
    }
}
