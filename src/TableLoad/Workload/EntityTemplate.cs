using System.Buffers;
using System.Globalization;
using System.Text.Json;

namespace TableLoad.Workload;

/// <summary>
/// The properties every entity carries besides its keys and nonce: by default <c>properties</c> binary
/// properties of random bytes, or a sample entity's (<c>--entity</c>). Their values are made once and
/// shared, and pre-serialized as one JSON fragment, so that building an entity is a copy.
/// </summary>
internal sealed class EntityTemplate
{
    public const int MaxPropertyBytes = 64 * 1024;
    public const int MaxEntityBytes = 1024 * 1024;
    public const int MaxCustomProperties = 252;

    /// <summary>The string property that carries each batch's nonce.</summary>
    public const string NonceProperty = "Batch";

    private EntityTemplate(IReadOnlyList<PropertyShape> shape, IReadOnlyList<KeyValuePair<string, object>> values, byte[] jsonFragment)
    {
        Shape = shape;
        Values = values;
        PayloadBytes = shape.Sum(p => p.Bytes);
        JsonFragment = jsonFragment;
    }

    /// <summary>Bytes of the properties' values per entity, as the service counts them (the goodput unit).</summary>
    public int PayloadBytes { get; }

    /// <summary>Each property's name, type and size, in the order they are sent.</summary>
    public IReadOnlyList<PropertyShape> Shape { get; }

    /// <summary>The properties' values as the SDK's entity holds them, shared by every entity of the run (never written to).</summary>
    public IReadOnlyList<KeyValuePair<string, object>> Values { get; }

    public IReadOnlyList<int> PropertySizes => [.. Shape.Select(p => p.Bytes)];

    /// <summary>UTF-8 JSON members <c>,"P0@odata.type":"Edm.Binary","P0":"base64",...</c>, annotated where the service needs the type.</summary>
    public byte[] JsonFragment { get; }

    /// <summary>The default shape: <paramref name="entitySize"/> bytes of random binary over <paramref name="properties"/> properties.</summary>
    public static EntityTemplate Create(int entitySize, int properties, int seed = 20120621)
    {
        var sizes = SplitEvenly(entitySize, properties);
        var random = new Random(seed);
        var values = new KeyValuePair<string, object>[sizes.Length];
        for (var i = 0; i < sizes.Length; i++)
        {
            var bytes = new byte[sizes[i]];
            random.NextBytes(bytes);
            values[i] = KeyValuePair.Create<string, object>(PropertyName(i), bytes);
        }

        return Of([.. values.Select(v => new PropertyShape(v.Key, EdmType.Binary, ((byte[])v.Value).Length))], values, EdmType.Binary);
    }

    /// <summary>A sample entity's properties, with their types and values.</summary>
    public static EntityTemplate FromSample(SampleEntity sample)
    {
        var shape = sample.Properties.Select(p => new PropertyShape(p.Name, p.Type, SampleValues.Bytes(p.Type, p.Value))).ToList();
        var values = sample.Properties.Select(p => KeyValuePair.Create(p.Name, SampleValues.ToObject(p.Type, p.Value))).ToList();
        return Of(shape, values, null);
    }

    /// <summary>
    /// The entity's size as the service counts it: 4 bytes, keys as UTF-16 plus 2 bytes each, and per
    /// property 8 bytes, its name as UTF-16 and its value (fixed sizes; binary: length + 4, string: UTF-16 + 4).
    /// </summary>
    public static long ServiceSize(IReadOnlyList<PropertyShape> shape, int partitionKeyLength, int rowKeyLength, int nonceLength)
    {
        long size = 4 + (2L * partitionKeyLength) + 2 + (2L * rowKeyLength) + 2;
        size += 8 + (2L * NonceProperty.Length) + (2L * nonceLength) + 4;
        foreach (var property in shape)
        {
            size += 8 + (2L * property.Name.Length) + property.Bytes + (property.Type.HasLength() ? 4 : 0);
        }

        return size;
    }

    public static string PropertyName(int index) => "P" + index.ToString(CultureInfo.InvariantCulture);

    // The members are written as the SDK writes them: Int32, Boolean and String bare, every other type annotated.
    private static EntityTemplate Of(IReadOnlyList<PropertyShape> shape, IReadOnlyList<KeyValuePair<string, object>> values, EdmType? allOf)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var json = new Utf8JsonWriter(buffer))
        {
            json.WriteStartObject();
            for (var i = 0; i < shape.Count; i++)
            {
                WriteMember(json, allOf ?? shape[i].Type, values[i].Key, values[i].Value);
            }

            json.WriteEndObject();
        }

        // {"a":1,"b":2} → ,"a":1,"b":2: the members follow the keys and the nonce.
        var members = buffer.WrittenSpan[1..^1];
        byte[] fragment = members.IsEmpty ? [] : [(byte)',', .. members];
        return new EntityTemplate(shape, values, fragment);
    }

    private static void WriteMember(Utf8JsonWriter json, EdmType type, string name, object value)
    {
        if (type is not (EdmType.String or EdmType.Int32 or EdmType.Boolean))
        {
            json.WriteString(name + "@odata.type", type.Name());
        }

        switch (value)
        {
            case string text:
                json.WriteString(name, text);
                break;
            case int number:
                json.WriteNumber(name, number);
                break;
            case bool flag:
                json.WriteBoolean(name, flag);
                break;
            case double number when double.IsFinite(number):
                json.WriteNumber(name, number);
                break;
            case double special:
                json.WriteString(name, special.ToString(CultureInfo.InvariantCulture));
                break;
            case long number:
                json.WriteString(name, number.ToString(CultureInfo.InvariantCulture));
                break;
            case DateTimeOffset date:
                json.WriteString(name, SampleValues.DateTimeText(date));
                break;
            case Guid guid:
                json.WriteString(name, guid);
                break;
            case byte[] bytes:
                json.WriteBase64String(name, bytes);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(value), value.GetType(), "Not a value of an Edm type.");
        }
    }

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
