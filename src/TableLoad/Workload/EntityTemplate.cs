using System.Text;

namespace TableLoad.Workload;

/// <summary>
/// The payload every entity carries: <c>properties</c> binary properties whose byte arrays are made
/// once and shared, pre-serialized as one JSON fragment so that building an entity is a copy.
/// </summary>
internal sealed class EntityTemplate
{
    public const int MaxPropertyBytes = 64 * 1024;
    public const int MaxEntityBytes = 1024 * 1024;
    public const int MaxCustomProperties = 252;

    /// <summary>The string property that carries each batch's nonce.</summary>
    public const string NonceProperty = "Batch";

    private EntityTemplate(int payloadBytes, IReadOnlyList<byte[]> payloads, byte[] jsonFragment)
    {
        PayloadBytes = payloadBytes;
        Payloads = payloads;
        PropertySizes = payloads.Select(p => p.Length).ToArray();
        JsonFragment = jsonFragment;
    }

    /// <summary>Bytes of binary payload per entity (the goodput unit).</summary>
    public int PayloadBytes { get; }

    /// <summary>The binary properties' values, shared by every entity of the run (never written to).</summary>
    public IReadOnlyList<byte[]> Payloads { get; }

    public IReadOnlyList<int> PropertySizes { get; }

    /// <summary>UTF-8 JSON members <c>,"P0@odata.type":"Edm.Binary","P0":"base64",...</c>.</summary>
    public byte[] JsonFragment { get; }

    public static EntityTemplate Create(int entitySize, int properties, int seed = 20120621)
    {
        var sizes = SplitEvenly(entitySize, properties);
        var random = new Random(seed);
        var json = new StringBuilder();
        var payloads = new byte[sizes.Length][];
        for (var i = 0; i < sizes.Length; i++)
        {
            var bytes = payloads[i] = new byte[sizes[i]];
            random.NextBytes(bytes);
            json.Append(",\"P").Append(i).Append("@odata.type\":\"Edm.Binary\",\"P").Append(i).Append("\":\"")
                .Append(Convert.ToBase64String(bytes)).Append('"');
        }

        return new EntityTemplate(entitySize, payloads, Encoding.UTF8.GetBytes(json.ToString()));
    }

    /// <summary>
    /// The entity's size as the service counts it: 4 bytes, keys as UTF-16 plus 2 bytes each, and per
    /// property 8 bytes, its name as UTF-16 and its value (binary: length + 4, string: UTF-16 + 4).
    /// </summary>
    public static long ServiceSize(IReadOnlyList<int> propertySizes, int partitionKeyLength, int rowKeyLength, int nonceLength)
    {
        long size = 4 + (2L * partitionKeyLength) + 2 + (2L * rowKeyLength) + 2;
        size += 8 + (2L * NonceProperty.Length) + (2L * nonceLength) + 4;
        for (var i = 0; i < propertySizes.Count; i++)
        {
            size += 8 + (2L * PropertyName(i).Length) + propertySizes[i] + 4;
        }

        return size;
    }

    public static string PropertyName(int index) => "P" + index.ToString(System.Globalization.CultureInfo.InvariantCulture);

    private static int[] SplitEvenly(int total, int parts)
    {
        var sizes = new int[parts];
        for (var i = 0; i < parts; i++)
        {
            sizes[i] = (total / parts) + (i < total % parts ? 1 : 0);
        }

        return sizes;
    }
}
