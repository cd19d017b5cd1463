using System.Buffers;
using System.Buffers.Text;
using System.Text;
using System.Text.Json;
using TableLoad.Workload;

namespace TableLoad.Storage.Wire;

/// <summary>
/// Writes the multipart body of a batch into a buffer it owns and reuses, so a task builds every batch of
/// the run without allocating per entity. Not thread-safe: one writer per task. Each operation is the
/// sub-request Azure.Data.Tables sends for it: an insert POSTs to the table, an upsert-replace PUTs and an
/// upsert-merge PATCHes to the entity's address, without If-Match; a delete DELETEs it with <c>If-Match: *</c> (<see cref="SubRequestHead"/>).
/// </summary>
/// <remarks>
/// Consecutive batches of a task differ only in their keys and nonce, so when these keep their lengths (and the
/// count stays the same) the next batch overwrites just those bytes of the previous one in place
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
    private readonly SubRequestHead _head;

    private byte[] _buffer = new byte[64 * 1024];
    private int _length;

    // The layout of the body in the buffer: where each entity's keys, key number and nonce start.
    private EntitySlots[] _slots = [];
    private LayoutShape _layout;

    private byte[] _partitionKeyBytes = new byte[64];
    private byte[] _stemBytes = new byte[64];
    private byte[] _nonceBytes = new byte[64];
    private byte[] _urlPartitionKeyBytes = new byte[64];
    private byte[] _urlStemBytes = new byte[64];

    public BatchBodyWriter(EntityTemplate template, string tableUrl, TableOperation operation = TableOperation.Insert)
    {
        _template = template;
        _head = new SubRequestHead(operation, tableUrl);
    }

    public ReadOnlyMemory<byte> Body => _buffer.AsMemory(0, _length);

    /// <summary>Builds a batch of <paramref name="count"/> operations; RowKeys are <c>rowKeyStem</c> + a 3-digit index.</summary>
    public ReadOnlyMemory<byte> Write(string partitionKey, string rowKeyStem, string nonce, int count) =>
        Write(new BatchIdentity(partitionKey, rowKeyStem, nonce), count);

    /// <summary>Builds a batch of <paramref name="count"/> operations on the batch's keys (<see cref="BatchIdentity.RowKey"/>).</summary>
    public ReadOnlyMemory<byte> Write(in BatchIdentity batch, int count)
    {
        var pk = JsonEscaped(batch.PartitionKey, ref _partitionKeyBytes);
        var stem = JsonEscaped(batch.RowKeyStem, ref _stemBytes);
        var nonce = JsonEscaped(batch.Nonce, ref _nonceBytes);
        var urlPk = _head.InAddress ? UrlKey(batch.PartitionKey, ref _urlPartitionKeyBytes) : default;
        var urlStem = _head.InAddress ? UrlKey(batch.RowKeyStem, ref _urlStemBytes) : default;
        var shape = new LayoutShape(count, pk.Length, stem.Length, nonce.Length, urlPk.Length, urlStem.Length, batch.KeyDigits);
        if (shape != _layout)
        {
            WriteWhole(pk, stem, nonce, urlPk, urlStem, batch, count);
            _layout = shape;
            return Body;
        }

        var digits = new StandardFormat('D', (byte)batch.KeyDigits);
        for (var i = 0; i < count; i++)
        {
            ref readonly var at = ref _slots[i];
            if (_head.HasBody)
            {
                pk.CopyTo(_buffer.AsSpan(at.PartitionKey));
                stem.CopyTo(_buffer.AsSpan(at.Stem));
                nonce.CopyTo(_buffer.AsSpan(at.Nonce));
                Utf8Formatter.TryFormat(batch.KeyNumber(i), _buffer.AsSpan(at.KeyNumber), out _, digits);
            }

            if (_head.InAddress)
            {
                urlPk.CopyTo(_buffer.AsSpan(at.UrlPartitionKey));
                urlStem.CopyTo(_buffer.AsSpan(at.UrlStem));
                Utf8Formatter.TryFormat(batch.KeyNumber(i), _buffer.AsSpan(at.UrlKeyNumber), out _, digits);
            }
        }

        return Body;
    }

    private void WriteWhole(ReadOnlySpan<byte> pk, ReadOnlySpan<byte> stem, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> urlPk, ReadOnlySpan<byte> urlStem, in BatchIdentity batch, int count)
    {
        var fragment = _template.JsonFragment;
        var keys = pk.Length + stem.Length + batch.KeyDigits;
        var perEntity = _head.Length + urlPk.Length + urlStem.Length + keys + nonce.Length + fragment.Length + 80;
        EnsureCapacity(Opening.Length + Closing.Length + (perEntity * count));
        if (_slots.Length < count)
        {
            _slots = new EntitySlots[count];
        }

        var digits = new StandardFormat('D', (byte)batch.KeyDigits);
        _length = 0;
        Append(Opening);
        for (var i = 0; i < count; i++)
        {
            ref var at = ref _slots[i];
            Append(_head.Start);
            if (_head.InAddress)
            {
                AppendKeys("(PartitionKey='"u8, urlPk, "',RowKey='"u8, urlStem, batch.KeyNumber(i), digits, out at.UrlPartitionKey, out at.UrlStem, out at.UrlKeyNumber);
                Append("')"u8);
            }

            Append(_head.Rest);
            if (!_head.HasBody)
            {
                continue;
            }

            AppendKeys("{\"PartitionKey\":\""u8, pk, "\",\"RowKey\":\""u8, stem, batch.KeyNumber(i), digits, out at.PartitionKey, out at.Stem, out at.KeyNumber);
            Append("\",\"Batch\":\""u8);
            at.Nonce = _length;
            Append(nonce);
            Append((byte)'"');
            Append(fragment);
            Append("}\r\n"u8);
        }

        Append(Closing);
    }

    /// <summary>
    /// The value's UTF-8 bytes as a JSON string body. Keys made of letters, digits, '-', '_' and '.' (all that
    /// TableLoad generates) need no escaping and are copied into <paramref name="scratch"/> without allocating.
    /// </summary>
    private static ReadOnlySpan<byte> JsonEscaped(string value, ref byte[] scratch) =>
        IsPlain(value) ? Ascii(value, ref scratch) : JsonEncodedText.Encode(value).EncodedUtf8Bytes;

    /// <summary>The key as an OData literal in an address, as the SDK writes it: quotes doubled, then percent-encoded.</summary>
    private static ReadOnlySpan<byte> UrlKey(string value, ref byte[] scratch) =>
        IsPlain(value) ? Ascii(value, ref scratch) : Encoding.ASCII.GetBytes(Uri.EscapeDataString(value.Replace("'", "''", StringComparison.Ordinal)));

    private static bool IsPlain(string value)
    {
        foreach (var c in value)
        {
            if (!char.IsAsciiLetterOrDigit(c) && c is not ('-' or '_' or '.'))
            {
                return false;
            }
        }

        return true;
    }

    private static ReadOnlySpan<byte> Ascii(string value, ref byte[] scratch)
    {
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

    /// <summary>The keys in one of their two places, the address or the JSON; says where each variable part starts.</summary>
    private void AppendKeys(ReadOnlySpan<byte> before, ReadOnlySpan<byte> pk, ReadOnlySpan<byte> between, ReadOnlySpan<byte> stem, int keyNumber, StandardFormat digits, out int pkAt, out int stemAt, out int numberAt)
    {
        Append(before);
        pkAt = _length;
        Append(pk);
        Append(between);
        stemAt = _length;
        Append(stem);
        numberAt = _length;
        AppendNumber(keyNumber, digits);
    }

    private void AppendNumber(int value, StandardFormat digits)
    {
        Utf8Formatter.TryFormat(value, _buffer.AsSpan(_length), out var written, digits);
        _length += written;
    }

    /// <summary>Where one entity's variable bytes start in the buffer.</summary>
    private struct EntitySlots
    {
        public int UrlPartitionKey;
        public int UrlStem;
        public int UrlKeyNumber;
        public int PartitionKey;
        public int Stem;
        public int KeyNumber;
        public int Nonce;
    }

    /// <summary>What must stay the same for a batch to be written over the previous one in place.</summary>
    private readonly record struct LayoutShape(int Count, int PartitionKey, int Stem, int Nonce, int UrlPartitionKey, int UrlStem, int KeyDigits);
}
