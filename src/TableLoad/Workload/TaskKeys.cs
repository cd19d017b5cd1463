using System.Globalization;

namespace TableLoad.Workload;

/// <summary>
/// The keys and nonce of every batch one task loop sends. Without a key space each batch has keys of its own.
/// With one, the task cycles over <c>keySpace</c> RowKeys in each partition it writes: the n-th batch it sends to
/// a partition holds the key numbers from n × batch size on, modulo the key space; and each batch has a nonce
/// of its own, so that reading a key back tells this write from an earlier one of the same key.
/// </summary>
internal sealed class TaskKeys
{
    /// <summary>What a key space adds to the process's nonce: a dot and the batch's 10-digit sequence.</summary>
    public const int CycleNonceSuffixLength = 11;

    private readonly string _prefix;
    private readonly int _instance;
    private readonly int _process;
    private readonly int _task;
    private readonly int _batchSize;
    private readonly int _keySpace;
    private readonly long _partitionCycle;
    private readonly string _processNonce;
    private readonly string _cycleStem;
    private readonly KeyCoverage? _coverage;

    /// <param name="keySpace">RowKeys per partition to cycle over; null for new keys every batch.</param>
    /// <param name="partitionCycle">After how many batches the task writes to the same partition again (<see cref="PartitionStrategy.Cycle"/>).</param>
    public TaskKeys(string prefix, int instance, int process, int task, int batchSize, int? keySpace, long partitionCycle, string processNonce)
    {
        _prefix = prefix;
        _instance = instance;
        _process = process;
        _task = task;
        _batchSize = batchSize;
        _keySpace = keySpace ?? 0;
        _partitionCycle = partitionCycle;
        _processNonce = processNonce;
        _cycleStem = RowKeys.CycleStem(prefix, instance, process, task);
        _coverage = keySpace is { } space ? new KeyCoverage(space) : null;
    }

    /// <summary>The task's <paramref name="sequence"/>-th batch, in the partition its strategy chose.</summary>
    public BatchIdentity For(long sequence, string partitionKey)
    {
        if (_keySpace == 0)
        {
            return new BatchIdentity(partitionKey, RowKeys.Stem(_prefix, _instance, _process, _task, sequence), _processNonce);
        }

        var visit = sequence / _partitionCycle;
        var first = (int)(visit % _keySpace * _batchSize % _keySpace);
        return new BatchIdentity(partitionKey, _cycleStem, CycleNonce(sequence), first, _keySpace);
    }

    /// <summary>Keys of the key space from key number <paramref name="firstKey"/> on, in a partition the task writes: what a read, query, delete or read-modify-write names.</summary>
    public BatchIdentity From(string partitionKey, int firstKey) => new(partitionKey, _cycleStem, _processNonce, firstKey, _keySpace);

    /// <summary>
    /// Keys from key number <paramref name="firstKey"/> on without the key space's wrap, for a mix that inserts (<see cref="InsertedKeys"/>):
    /// its inserts' keys, beyond the key space, and the keys its reads draw among all stored. The same stem and digits as the key space's,
    /// so inserted keys sort after it. An insert's nonce is that of the task's <paramref name="sequence"/>-th request, as <see cref="For"/> gives it;
    /// a draw's (no sequence) is the process's, as <see cref="From"/> gives it.
    /// </summary>
    public BatchIdentity Unwrapped(string partitionKey, int firstKey, long? sequence = null) =>
        new(partitionKey, _cycleStem, sequence is { } written ? CycleNonce(written) : _processNonce, firstKey, RowKeys.MaxKeySpace);

    private string CycleNonce(long sequence) => string.Create(CultureInfo.InvariantCulture, $"{_processNonce}.{sequence:D10}");

    /// <summary>After a stored batch: how many of its keys the task had not stored before (all of them without a key space).</summary>
    public int Stored(long sequence, in BatchIdentity batch, int count) =>
        _coverage?.Store(sequence % _partitionCycle, batch, count) ?? count;
}
