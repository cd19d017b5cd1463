using Microsoft.AspNetCore.Http;

namespace TableLoad.Proxy;

/// <summary>
/// Tells the requests the proxy counts, throttles and faults (batches, single writes, point reads, queries and single
/// deletes) from those it forwards untouched (table create, delete and list, service calls), from the method, path and
/// whether a query string is present.
/// </summary>
internal static class RequestClassifier
{
    /// <param name="query">The query string (with or without its '?'): a GET of a bare table name is a query only with one, and service calls name a <c>comp=</c>.</param>
    public static RequestKind Classify(string method, ReadOnlySpan<char> path, ReadOnlySpan<char> query, out Range account, out Range table)
    {
        account = default;
        table = default;
        var kind = KindOf(method);
        if (kind == MethodKind.None)
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

        if (kind == MethodKind.Post && last.SequenceEqual("$batch"))
        {
            return RequestKind.Batch;
        }

        // An insert names the table; a query the table, with "()" or a query string; the other kinds the entity in it, table(PartitionKey='..',RowKey='..').
        var addressed = EntityAddressTableLength(last);
        var (nameLength, found) = kind switch
        {
            MethodKind.Post => (last.Length, RequestKind.SingleWrite),
            MethodKind.Upsert => (addressed, RequestKind.SingleWrite),
            MethodKind.Delete => (addressed, RequestKind.SingleDelete),
            MethodKind.Get when addressed > 0 => (addressed, RequestKind.PointRead),
            MethodKind.Get when last.EndsWith("()") => (last.Length - 2, RequestKind.Query),
            MethodKind.Get when IsQueryString(query) => (last.Length, RequestKind.Query),
            MethodKind.Get or MethodKind.None => (0, RequestKind.Other),
        };
        var name = last[..nameLength];
        if (found != RequestKind.Other && IsTableName(name) && !name.Equals("Tables", StringComparison.OrdinalIgnoreCase))
        {
            table = (lastSlash + 1)..(lastSlash + 1 + name.Length);
            return found;
        }

        return RequestKind.Other;
    }

    private static MethodKind KindOf(string method) =>
        HttpMethods.IsPost(method) ? MethodKind.Post
        : HttpMethods.IsGet(method) ? MethodKind.Get
        : HttpMethods.IsDelete(method) ? MethodKind.Delete
        // An upsert by itself is a PUT (replace) or a PATCH or MERGE (merge) to the entity's address: one entity, as an insert.
        : HttpMethods.IsPut(method) || HttpMethods.IsPatch(method) || method.Equals("MERGE", StringComparison.OrdinalIgnoreCase) ? MethodKind.Upsert
        : MethodKind.None;

    // GET /devstoreaccount1?restype=service&comp=properties names the account, not a table: service calls carry comp=.
    private static bool IsQueryString(ReadOnlySpan<char> query) =>
        query.TrimStart('?').Length > 0 && !query.Contains("comp=", StringComparison.OrdinalIgnoreCase);

    // The length of the table name in "table(PartitionKey='..',RowKey='..')"; 0 if the segment is no entity's address.
    private static int EntityAddressTableLength(ReadOnlySpan<char> segment)
    {
        var open = segment.IndexOf('(');
        return open > 0 && segment.EndsWith(")") && segment[open..].StartsWith("(PartitionKey=") ? open : 0;
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

    private enum MethodKind
    {
        None,
        Post,
        Get,
        Delete,
        Upsert,
    }
}

/// <summary>What a request is, as far as counting, throttling and faults go.</summary>
internal enum RequestKind
{
    /// <summary>Anything forwarded untouched: table create, delete and list, service calls.</summary>
    Other,

    /// <summary>An entity group transaction, <c>POST .../$batch</c>.</summary>
    Batch,

    /// <summary>A single-entity write: an insert, <c>POST .../{table}</c>, or an upsert, <c>PUT</c>, <c>PATCH</c> or <c>MERGE .../{table}(PartitionKey='..',RowKey='..')</c>.</summary>
    SingleWrite,

    /// <summary>A point read, <c>GET .../{table}(PartitionKey='..',RowKey='..')</c>.</summary>
    PointRead,

    /// <summary>A query (one page of it), <c>GET .../{table}()</c>, or <c>GET .../{table}</c> with a query string.</summary>
    Query,

    /// <summary>A single delete, <c>DELETE .../{table}(PartitionKey='..',RowKey='..')</c>.</summary>
    SingleDelete,
}
