using System.Text.Json;

namespace TableLoad.Proxy;

/// <summary>
/// Reads a query page's JSON answer, <c>{"odata.metadata": .., "value": [{..}, {..}]}</c>: how many entities it returned,
/// and what point reads of them would cost by <see cref="ReadChargeModel"/> (each entity's JSON as the answer carries it).
/// </summary>
internal static class QueryAnswer
{
    public static (int Entities, double ReadCharges) Inspect(ReadOnlySpan<byte> json)
    {
        var reader = new Utf8JsonReader(json);
        try
        {
            if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
            {
                return (0, 0);
            }

            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                var isValue = reader.ValueTextEquals("value"u8);
                reader.Read();
                if (isValue && reader.TokenType == JsonTokenType.StartArray)
                {
                    return Entities(ref reader);
                }

                reader.Skip();
            }
        }
        catch (JsonException)
        {
            // Not the JSON of a query page (an error, or a format the proxy does not read): nothing counted.
        }

        return (0, 0);
    }

    private static (int Entities, double ReadCharges) Entities(ref Utf8JsonReader reader)
    {
        var entities = 0;
        var charges = 0.0;
        while (reader.Read() && reader.TokenType == JsonTokenType.StartObject)
        {
            var start = reader.TokenStartIndex;
            reader.Skip();
            entities++;
            charges += ReadChargeModel.PointRead(reader.BytesConsumed - start);
        }

        return (entities, charges);
    }
}
