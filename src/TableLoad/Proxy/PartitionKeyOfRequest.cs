namespace TableLoad.Proxy;

/// <summary>
/// The PartitionKey a request without a body names: in the entity's address of a point read or delete,
/// <c>table(PartitionKey='..',RowKey='..')</c>, or in a query's <c>$filter</c> when it asks for exactly one partition
/// (<c>PartitionKey eq '..'</c>, and no <c>or</c>). Both are OData string literals, a quote doubled inside.
/// </summary>
internal static class PartitionKeyOfRequest
{
    /// <summary>Copies the key of <c>table(PartitionKey='..',RowKey='..')</c> (the path's last segment, decoded) into <paramref name="destination"/>; -1 if none or too long.</summary>
    public static int CopyFromEntityAddress(ReadOnlySpan<char> segment, Span<char> destination)
    {
        var at = segment.IndexOf("(PartitionKey='", StringComparison.Ordinal);
        return at < 0 ? -1 : CopyLiteral(segment[(at + "(PartitionKey='".Length)..], destination);
    }

    /// <summary>Copies the one PartitionKey a query's filter asks for; -1 when it names none, several, or may take more than one partition.</summary>
    public static int CopyFromFilter(ReadOnlySpan<char> filter, Span<char> destination)
    {
        const string Equality = "PartitionKey eq '";
        var at = filter.IndexOf(Equality, StringComparison.Ordinal);
        if (at < 0 || filter[(at + 1)..].IndexOf(Equality, StringComparison.Ordinal) >= 0 || filter.Contains(" or ", StringComparison.OrdinalIgnoreCase) ||
            filter.Contains("not ", StringComparison.OrdinalIgnoreCase))
        {
            return -1;
        }

        return CopyLiteral(filter[(at + Equality.Length)..], destination);
    }

    // The literal up to its closing quote, each doubled quote made one.
    private static int CopyLiteral(ReadOnlySpan<char> text, Span<char> destination)
    {
        var written = 0;
        for (var i = 0; i < text.Length; i++)
        {
            if (text[i] == '\'')
            {
                if (i + 1 < text.Length && text[i + 1] == '\'')
                {
                    i++;
                }
                else
                {
                    return written;
                }
            }

            if (written == destination.Length)
            {
                return -1;
            }

            destination[written++] = text[i];
        }

        return -1; // no closing quote
    }
}
