using System.Buffers.Text;
using System.Text;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Bench.Floor;

/// <summary>
/// One task's batch or entity body, serialized once by TableLoad's own writer; each next request only overwrites the
/// 10 sequence digits inside its RowKeys, so RowKeys stay unique at the cost of a few byte copies.
/// </summary>
internal sealed class FloorBody
{
    private const int SequenceDigits = 10;

    private readonly byte[] _body;
    private readonly int[] _sequenceOffsets;

    private FloorBody(byte[] body, int[] sequenceOffsets)
    {
        _body = body;
        _sequenceOffsets = sequenceOffsets;
    }

    public ReadOnlyMemory<byte> Body => _body;

    /// <summary>A batch of <paramref name="batchSize"/> inserts, as TableLoad's wire client writes it.</summary>
    public static FloorBody Create(EntityTemplate template, string tableUrl, string partitionKey, string keyPrefix, int instance, int task, int batchSize)
    {
        var stem = RowKeys.Stem(keyPrefix, instance, 0, task, 0);
        return Of(new BatchBodyWriter(template, tableUrl).Write(partitionKey, stem, "floor", batchSize).ToArray(), stem, batchSize);
    }

    /// <summary>One entity's JSON, as TableLoad's wire client writes a single write's body.</summary>
    public static FloorBody CreateEntity(EntityTemplate template, string partitionKey, string keyPrefix, int instance, int task)
    {
        var stem = RowKeys.Stem(keyPrefix, instance, 0, task, 0);
        return Of(new EntityBodyWriter(template).Write(new BatchIdentity(partitionKey, stem, "floor")).ToArray(), stem, 1);
    }

    private static FloorBody Of(byte[] body, string stem, int batchSize)
    {
        // The stem ends with "-{sequence:D10}-"; find it in every RowKey.
        var stemBytes = Encoding.UTF8.GetBytes(stem);
        var offsets = new List<int>(batchSize);
        var from = 0;
        while (body.AsSpan(from).IndexOf(stemBytes) is var at and >= 0)
        {
            offsets.Add(from + at + stemBytes.Length - 1 - SequenceDigits);
            from += at + stemBytes.Length;
        }

        if (offsets.Count != batchSize)
        {
            throw new InvalidOperationException($"Found {offsets.Count} RowKeys in the pre-built body, expected {batchSize}.");
        }

        return new FloorBody(body, [.. offsets]);
    }

    /// <summary>Makes the body's RowKeys those of batch number <paramref name="sequence"/> of this task.</summary>
    public void SetSequence(long sequence)
    {
        Span<byte> digits = stackalloc byte[SequenceDigits];
        Utf8Formatter.TryFormat(sequence, digits, out _, new System.Buffers.StandardFormat('D', SequenceDigits));
        foreach (var offset in _sequenceOffsets)
        {
            digits.CopyTo(_body.AsSpan(offset, SequenceDigits));
        }
    }
}
