using System.Buffers.Text;
using System.Text;
using System.Text.Json;
using TableLoad.Workload;

namespace TableLoad.Storage.Wire;

/// <summary>
/// Writes the multipart body of an insert batch into a buffer it owns and reuses, so a task builds
/// every batch of the run without allocating per entity. Not thread-safe: one writer per task.
/// </summary>
/// <remarks>
/// Consecutive batches of a task differ only in their keys, so when the keys keep their lengths (and the
/// nonce and count stay the same) the next batch overwrites just the key bytes of the previous one in place
/// instead of copying the ~1.7 KB of every entity again.
/// </remarks>
internal sealed class BatchBodyWriter
{
    public const string BatchBoundary = "batch_7a1e2c1b-tableload";
    public const string ChangesetBoundary = "changeset_4f0d9e5a-tableload";
    public const string ContentType = "multipart/mixed; boundary=" + BatchBoundary;

    private static readonly byte[] Opening = Encoding.UTF8.GetBytes(
        $"--{BatchBoundary}\r\nContent-Type: multipart/mixed; boundary={ChangesetBoundary}\r\n\r\n");

    private static readonly byte[] Closing = Encoding.UTF8.GetBytes($"--{ChangesetBoundary}--\r\n--{BatchBoundary}--\r\n");

    private readonly EntityTemplate _template;
    private readonly byte[] _operationHead;
    private byte[] _buffer = new byte[64 * 1024];
    private int _length;

    // The layout of the body in the buffer: where each entity's PartitionKey and RowKey stem start.
    private int[] _partitionKeyAt = [];
    private int[] _stemAt = [];
    private int _layoutCount = -1;
    private int _layoutPartitionKeyLength;
    private int _layoutStemLength;
    private string? _layoutNonce;

    private byte[] _partitionKeyBytes = new byte[64];
    private byte[] _stemBytes = new byte[64];

    public BatchBodyWriter(EntityTemplate template, string tableUrl)
    {
        _template = template;
        _operationHead = Encoding.UTF8.GetBytes(
            $"--{ChangesetBoundary}\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n" +
            $"POST {tableUrl} HTTP/1.1\r\nContent-Type: application/json\r\nAccept: application/json;odata=nometadata\r\n" +
            "Prefer: return-no-content\r\nDataServiceVersion: 3.0\r\n\r\n{\"PartitionKey\":");
    }

    public ReadOnlyMemory<byte> Body => _buffer.AsMemory(0, _length);

    /// <summary>Builds a batch of <paramref name="count"/> inserts; RowKeys are <c>rowKeyStem</c> + a 3-digit index.</summary>
    public ReadOnlyMemory<byte> Write(string partitionKey, string rowKeyStem, string nonce, int count)
    {
        var pk = JsonEscaped(partitionKey, ref _partitionKeyBytes);
        var stem = JsonEscaped(rowKeyStem, ref _stemBytes);
        if (count == _layoutCount && pk.Length == _layoutPartitionKeyLength && stem.Length == _layoutStemLength &&
            string.Equals(nonce, _layoutNonce, StringComparison.Ordinal))
        {
            for (var i = 0; i < count; i++)
            {
                pk.CopyTo(_buffer.AsSpan(_partitionKeyAt[i]));
                stem.CopyTo(_buffer.AsSpan(_stemAt[i]));
            }

            return Body;
        }

        WriteWhole(pk, stem, nonce, count);
        return Body;
    }

    private void WriteWhole(ReadOnlySpan<byte> pk, ReadOnlySpan<byte> stem, string nonce, int count)
    {
        var batch = JsonEncodedText.Encode(nonce).EncodedUtf8Bytes;
        var fragment = _template.JsonFragment;
        var perEntity = _operationHead.Length + pk.Length + stem.Length + batch.Length + fragment.Length + 48;
        EnsureCapacity(Opening.Length + Closing.Length + (perEntity * count));
        if (_stemAt.Length < count)
        {
            _partitionKeyAt = new int[count];
            _stemAt = new int[count];
        }

        _length = 0;
        Append(Opening);
        for (var i = 0; i < count; i++)
        {
            Append(_operationHead);
            Append((byte)'"');
            _partitionKeyAt[i] = _length;
            Append(pk);
            Append("\",\"RowKey\":\""u8);
            _stemAt[i] = _length;
            Append(stem);
            Utf8Formatter.TryFormat(i, _buffer.AsSpan(_length), out var written, new System.Buffers.StandardFormat('D', 3));
            _length += written;
            Append("\",\"Batch\":\""u8);
            Append(batch);
            Append((byte)'"');
            Append(fragment);
            Append("}\r\n"u8);
        }

        Append(Closing);
        _layoutCount = count;
        _layoutPartitionKeyLength = pk.Length;
        _layoutStemLength = stem.Length;
        _layoutNonce = nonce;
    }

    /// <summary>
    /// The value's UTF-8 bytes as a JSON string body. Keys made of letters, digits, '-', '_' and '.' (all that
    /// TableLoad generates) need no escaping and are copied into <paramref name="scratch"/> without allocating.
    /// </summary>
    private static ReadOnlySpan<byte> JsonEscaped(string value, ref byte[] scratch)
    {
        foreach (var c in value)
        {
            if (!char.IsAsciiLetterOrDigit(c) && c is not ('-' or '_' or '.'))
            {
                return JsonEncodedText.Encode(value).EncodedUtf8Bytes;
            }
        }

        if (scratch.Length < value.Length)
        {
            scratch = new byte[value.Length * 2];
        }

        var length = Encoding.ASCII.GetBytes(value, scratch);
        return scratch.AsSpan(0, length);
    }

    private void EnsureCapacity(int size)
    {
        if (_buffer.Length < size)
        {
            _buffer = new byte[size];
        }
    }

    private void Append(ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(_buffer.AsSpan(_length));
        _length += bytes.Length;
    }

    private void Append(byte value) => _buffer[_length++] = value;
}
