namespace TableLoad.Service.Log;

/// <summary>Splits a line of separated fields, a field in double quotes holding the separator; the quotes stay in the field.</summary>
internal static class DelimitedFields
{
    /// <summary>Fills at most <paramref name="fields"/>.Length ranges; returns how many it found.</summary>
    public static int Split(ReadOnlySpan<char> line, char separator, Span<Range> fields)
    {
        var count = 0;
        var start = 0;
        var quoted = false;
        for (var i = 0; i <= line.Length && count < fields.Length; i++)
        {
            if (i == line.Length || (!quoted && line[i] == separator))
            {
                fields[count++] = start..i;
                start = i + 1;
            }
            else if (line[i] == '"')
            {
                quoted = !quoted;
            }
        }

        return count;
    }
}
