using Microsoft.AspNetCore.Http;

namespace TableLoad.Proxy;

/// <summary>
/// Tells the requests the proxy throttles and faults (batches, and single writes: one entity inserted or upserted alone) from those it
/// forwards untouched (table create and delete, queries, everything else), from the method and path alone.
/// </summary>
internal static class RequestClassifier
{
    public static RequestKind Classify(string method, ReadOnlySpan<char> path, out Range account, out Range table)
    {
        account = default;
        table = default;
        var post = HttpMethods.IsPost(method);
        // An upsert by itself is a PUT (replace) or a PATCH or MERGE (merge) to the entity's address: one entity, as an insert.
        var upsert = !post && (HttpMethods.IsPut(method) || HttpMethods.IsPatch(method) || method.Equals("MERGE", StringComparison.OrdinalIgnoreCase));
        if (!post && !upsert)
        {
            return RequestKind.Other;
        }

        var trimmed = path.TrimEnd('/');
        var lastSlash = trimmed.LastIndexOf('/');
        var last = trimmed[(lastSlash + 1)..];

        // Path-style endpoints (the emulator) put the account first: /devstoreaccount1/table.
        var rest = trimmed.TrimStart('/');
        var offset = trimmed.Length - rest.Length;
        var firstSlash = rest.IndexOf('/');
        if (firstSlash > 0)
        {
            account = offset..(offset + firstSlash);
        }

        if (post && last.SequenceEqual("$batch"))
        {
            return RequestKind.Batch;
        }

        // An insert names the table; an upsert the entity in it, table(PartitionKey='..',RowKey='..').
        var name = post ? last : EntityAddressTable(last);
        if (IsTableName(name) && !name.Equals("Tables", StringComparison.OrdinalIgnoreCase))
        {
            table = (lastSlash + 1)..(lastSlash + 1 + name.Length);
            return RequestKind.SingleWrite;
        }

        return RequestKind.Other;
    }

    private static ReadOnlySpan<char> EntityAddressTable(ReadOnlySpan<char> segment)
    {
        var open = segment.IndexOf('(');
        return open > 0 && segment.EndsWith(")") && segment[open..].StartsWith("(PartitionKey=") ? segment[..open] : [];
    }

    private static bool IsTableName(ReadOnlySpan<char> name)
    {
        if (name.Length is < 3 or > 63 || !char.IsAsciiLetter(name[0]))
        {
            return false;
        }

        foreach (var c in name)
        {
            if (!char.IsAsciiLetterOrDigit(c))
            {
                return false;
            }
        }

        return true;
    }
}

/// <summary>What a request is, as far as throttling and faults go.</summary>
internal enum RequestKind
{
    /// <summary>Anything forwarded untouched: table create and delete, queries, point reads.</summary>
    Other,

    /// <summary>An entity group transaction, <c>POST .../$batch</c>.</summary>
    Batch,

    /// <summary>A single-entity write: an insert, <c>POST .../{table}</c>, or an upsert, <c>PUT</c>, <c>PATCH</c> or <c>MERGE .../{table}(PartitionKey='..',RowKey='..')</c>.</summary>
    SingleWrite,
}
