using System.Text.Json;

namespace TableLoad.Storage.Wire;

/// <summary>Reads a query's page: how many entities its <c>value</c> array holds, and the continuation headers of the next page.</summary>
internal static class QueryAnswer
{
    public const string NextPartitionKeyHeader = "x-ms-continuation-NextPartitionKey";
    public const string NextRowKeyHeader = "x-ms-continuation-NextRowKey";

    /// <summary>The objects in the top-level <c>value</c> array; 0 when the answer has none.</summary>
    public static int CountEntities(ReadOnlySpan<byte> json)
    {
        var reader = new Utf8JsonReader(json);
        try
        {
            while (reader.Read())
            {
                if (reader.TokenType == JsonTokenType.PropertyName && reader.CurrentDepth == 1 && reader.ValueTextEquals("value"u8))
                {
                    return CountObjects(ref reader);
                }
            }
        }
        catch (JsonException)
        {
            // A page that is not the service's JSON: nothing is counted as read.
        }

        return 0;
    }

    /// <summary>The next page's start, when the answer names one (a page may end early, even empty, and still carry it).</summary>
    public static QueryContinuation? Continuation(string? nextPartitionKey, string? nextRowKey) =>
        string.IsNullOrEmpty(nextPartitionKey) ? null : new QueryContinuation(nextPartitionKey, string.IsNullOrEmpty(nextRowKey) ? null : nextRowKey);

    private static int CountObjects(ref Utf8JsonReader reader)
    {
        if (!reader.Read() || reader.TokenType != JsonTokenType.StartArray)
        {
            return 0;
        }

        var count = 0;
        while (reader.Read() && reader.TokenType == JsonTokenType.StartObject)
        {
            count++;
            reader.Skip();
        }

        return count;
    }
}
