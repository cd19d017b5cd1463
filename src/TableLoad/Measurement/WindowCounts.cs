namespace TableLoad.Measurement;

/// <summary>
/// Counts of one window (or of a whole run): batches by outcome and entities. A worker's window travels
/// as this object itself (JSON, snake_case), so a new counter is one property here and one line in <see cref="Add"/>.
/// </summary>
internal sealed class WindowCounts
{
    private long[] _byOutcome = new long[OutcomeTable.Count];
    private long[] _throttledByLimit = new long[ThrottleLimitExtensions.All.Count];

    public long Batches { get; set; }

    public long EntitiesSucceeded { get; set; }

    public long EntitiesFailed { get; set; }

    /// <summary>Keys stored for the first time by their task: the entities succeeded, less the rewrites of a key space.</summary>
    public long KeysWritten { get; set; }

    public long Attempts { get; set; }

    /// <summary>The pages the queries' answers came in: more than the queries when they followed continuation tokens.</summary>
    public long QueryPages { get; set; }

    /// <summary>Keys the stored delete batches removed: what <c>--verify</c> expects the table to lose.</summary>
    public long KeysDeleted { get; set; }

    /// <summary>Open model: batches that started more than one interval after their intended time.</summary>
    public long Late { get; set; }

    /// <summary>Batches whose outcome was settled by reading their entity back (answer lost, or a retry that conflicted with an earlier attempt).</summary>
    public long VerifiedByRead { get; set; }

    /// <summary>Abandoned batches (a second Ctrl+C) that reading back found stored.</summary>
    public long AbandonedStored { get; set; }

    /// <summary>Abandoned batches that reading back found not stored; the rest of the abandoned are unknown (the read-back got no answer).</summary>
    public long AbandonedNotStored { get; set; }

    /// <summary>Batches left out of batches.csv because its writer was that far behind (a slow disk).</summary>
    public long BatchLogDropped { get; set; }

    /// <summary>Batches by outcome, indexed by <see cref="BatchOutcome"/>; one count for each row of <see cref="OutcomeTable"/>.</summary>
    public long[] ByOutcome
    {
        get => _byOutcome;
        init => _byOutcome = value.Length == OutcomeTable.Count
            ? value
            : throw new FormatException($"Counts by outcome hold {OutcomeTable.Count} numbers, not {value.Length}.");
    }

    public long this[BatchOutcome outcome] => _byOutcome[(int)outcome];

    /// <summary>Request units the batches' answers cost, every attempt's (Cosmos DB's <c>x-ms-request-charge</c>).</summary>
    public double RequestUnits { get; set; }

    /// <summary>Batches with at least one readable charge: none means the target sends no charges.</summary>
    public long ChargedBatches { get; set; }

    /// <summary>Answers whose charge header was not a non-negative number.</summary>
    public long UnreadableCharges { get; set; }

    /// <summary>Throttled answers (every attempt) by the limit they named, indexed by <see cref="ThrottleLimit"/>.</summary>
    public long[] ThrottledByLimit
    {
        get => _throttledByLimit;
        init => _throttledByLimit = value.Length == ThrottleLimitExtensions.All.Count
            ? value
            : throw new FormatException($"Throttled answers by limit hold {ThrottleLimitExtensions.All.Count} numbers, not {value.Length}.");
    }

    /// <summary>Whether any answer carried a charge header, readable or not.</summary>
    public bool Charged => ChargedBatches > 0 || UnreadableCharges > 0;

    public void RecordLate() => Late++;

    public void RecordBatchLogDropped() => BatchLogDropped++;

    /// <param name="entities">A write's or delete's entities, a read's or query's entities returned (those asked for when it failed).</param>
    /// <param name="newKeys">Of a stored batch, the keys its task had not stored before; null for all of them.</param>
    /// <param name="deletedKeys">Of a stored delete batch, the keys it removed.</param>
    public void Record(in BatchResult result, int entities, int? newKeys = null, int deletedKeys = 0)
    {
        Batches++;
        Attempts += result.Attempts;
        QueryPages += result.Pages;
        VerifiedByRead += result.VerifiedByRead ? 1 : 0;
        _byOutcome[(int)result.Outcome]++;
        if (result.RequestUnits is { } units)
        {
            RequestUnits += units;
            ChargedBatches++;
        }

        UnreadableCharges += result.UnreadableCharges;
        foreach (var limit in ThrottleLimitExtensions.All)
        {
            _throttledByLimit[(int)limit] += result.Throttled[limit];
        }

        if (result.Outcome == BatchOutcome.Abandoned)
        {
            AbandonedStored += result.VerifiedByRead ? 1 : 0;
            AbandonedNotStored += result.NotFoundByRead ? 1 : 0;
        }

        if (result.Stored)
        {
            EntitiesSucceeded += entities;
            KeysWritten += newKeys ?? entities;
            KeysDeleted += deletedKeys;
        }
        else
        {
            EntitiesFailed += entities;
        }
    }

    /// <summary>The merge of counts: every counter is a sum.</summary>
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
        KeysWritten += other.KeysWritten;
        KeysDeleted += other.KeysDeleted;
        QueryPages += other.QueryPages;
        RequestUnits += other.RequestUnits;
        ChargedBatches += other.ChargedBatches;
        UnreadableCharges += other.UnreadableCharges;
        for (var i = 0; i < _byOutcome.Length; i++)
        {
            _byOutcome[i] += other._byOutcome[i];
        }

        for (var i = 0; i < _throttledByLimit.Length; i++)
        {
            _throttledByLimit[i] += other._throttledByLimit[i];
        }
    }
}
