using System.Buffers.Text;
using System.Text;
using System.Text.Json;

namespace TableLoad.Workload;

/// <summary>
/// Writes the multipart body of an insert batch into a buffer it owns and reuses, so a task builds
/// every batch of the run without allocating per entity. Not thread-safe: one writer per task.
/// </summary>
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
        var pk = JsonEncodedText.Encode(partitionKey).EncodedUtf8Bytes;
        var stem = JsonEncodedText.Encode(rowKeyStem).EncodedUtf8Bytes;
        var batch = JsonEncodedText.Encode(nonce).EncodedUtf8Bytes;
        var fragment = _template.JsonFragment;
        var perEntity = _operationHead.Length + pk.Length + stem.Length + batch.Length + fragment.Length + 48;
        EnsureCapacity(Opening.Length + Closing.Length + (perEntity * count));

        _length = 0;
        Append(Opening);
        for (var i = 0; i < count; i++)
        {
            Append(_operationHead);
            Append((byte)'"');
            Append(pk);
            Append("\",\"RowKey\":\""u8);
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
        return Body;
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
