using Microsoft.AspNetCore.Http;

namespace TableLoad.Proxy;

/// <summary>
/// Tells the requests the proxy throttles and faults (batches and single inserts) from those it
/// forwards untouched (table create and delete, queries, everything else), from the method and path alone.
/// </summary>
internal static class RequestClassifier
{
    public static RequestKind Classify(string method, ReadOnlySpan<char> path, out Range account, out Range table)
    {
        account = default;
        table = default;
        if (!HttpMethods.IsPost(method))
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

        if (last.SequenceEqual("$batch"))
        {
            return RequestKind.Batch;
        }

        if (IsTableName(last) && !last.Equals("Tables", StringComparison.OrdinalIgnoreCase))
        {
            table = (lastSlash + 1)..trimmed.Length;
            return RequestKind.Insert;
        }

        return RequestKind.Other;
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

    /// <summary>A single-entity insert, <c>POST .../{table}</c>.</summary>
    Insert,
}
