using System.Buffers;
using System.Text;
using System.Text.Json;
using TableLoad.Workload;

namespace TableLoad.Storage.Wire;

/// <summary>
/// Writes one entity's JSON, <c>{"PartitionKey":"..","RowKey":"..","Batch":"..",...}</c> with the template's pre-serialised properties, into a
/// buffer it owns and reuses: the body of a single-entity write. Not thread-safe: one writer per task.
/// </summary>
internal sealed class EntityBodyWriter(EntityTemplate template)
{
    private static readonly byte[] NonceName = Encoding.UTF8.GetBytes($",\"{EntityTemplate.NonceProperty}\":");

    private readonly ArrayBufferWriter<byte> _body = new(template.JsonFragment.Length + 256);

    /// <summary>The entity at the first key of <paramref name="keys"/>, carrying their nonce.</summary>
    public ReadOnlyMemory<byte> Write(in BatchIdentity keys)
    {
        _body.ResetWrittenCount();
        Append("{\"PartitionKey\":"u8);
        AppendString(keys.PartitionKey);
        Append(",\"RowKey\":"u8);
        AppendString(keys.RowKey(0));
        Append(NonceName);
        AppendString(keys.Nonce);
        Append(template.JsonFragment);
        Append("}"u8);
        return _body.WrittenMemory;
    }

    private void AppendString(string value)
    {
        Append("\""u8);
        Append(JsonEncodedText.Encode(value).EncodedUtf8Bytes);
        Append("\""u8);
    }

    private void Append(ReadOnlySpan<byte> bytes) => _body.Write(bytes);
}
