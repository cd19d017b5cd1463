using System.Text;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// A source file's code without its comments and literals (each literal left as <c>""</c>), so that braces and
/// commas in text do not count as code: interpolated strings are skipped with the code in their holes.
/// </summary>
internal static class CodeOnly
{
    public static string Of(string source)
    {
        var code = new StringBuilder(source.Length);
        var i = 0;
        while (i < source.Length)
        {
            var c = source[i];
            if (c == '/' && At(source, i + 1) == '/')
            {
                i = source.IndexOf('\n', i) is var end and >= 0 ? end : source.Length;
            }
            else if (c == '/' && At(source, i + 1) == '*')
            {
                i = source.IndexOf("*/", i + 2, StringComparison.Ordinal) + 2;
                code.Append(' ');
            }
            else if (c == '\'')
            {
                i = source.IndexOf('\'', i + (At(source, i + 1) == '\\' ? 3 : 2)) + 1;
                code.Append("' '");
            }
            else if (c is '"' or '$' or '@' && StringStart(source, i) is { } start)
            {
                i = SkipString(source, i, start);
                code.Append("\"\"");
            }
            else
            {
                code.Append(c);
                i++;
            }
        }

        return code.ToString();
    }

    private static char At(string s, int i) => i < s.Length ? s[i] : '\0';

    // The prefix before the opening quote: its $ and @, or null when the character starts no string.
    private static string? StringStart(string s, int i)
    {
        var j = i;
        while (At(s, j) is '$' or '@')
        {
            j++;
        }

        return At(s, j) == '"' && (j == i || !char.IsLetterOrDigit(At(s, i - 1))) ? s[i..j] : null;
    }

    private static int SkipString(string s, int i, string prefix)
    {
        i += prefix.Length;
        var quotes = 0;
        while (At(s, i + quotes) == '"')
        {
            quotes++;
        }

        if (quotes >= 3)
        {
            // A raw string ends at as many quotes as it began with.
            return s.IndexOf(new string('"', quotes), i + quotes, StringComparison.Ordinal) + quotes;
        }

        var verbatim = prefix.Contains('@');
        var interpolated = prefix.Contains('$');
        i++;
        while (i < s.Length)
        {
            var c = s[i];
            if (c == '"' && verbatim && At(s, i + 1) == '"')
            {
                i += 2;
            }
            else if (c == '"')
            {
                return i + 1;
            }
            else if (c == '\\' && !verbatim)
            {
                i += 2;
            }
            else if (c == '{' && interpolated && At(s, i + 1) == '{')
            {
                i += 2;
            }
            else if (c == '{' && interpolated)
            {
                i = SkipHole(s, i + 1);
            }
            else
            {
                i++;
            }
        }

        return i;
    }

    // The code of an interpolation hole, up to its closing brace; strings within it are skipped whole.
    private static int SkipHole(string s, int i)
    {
        var depth = 0;
        while (i < s.Length)
        {
            var c = s[i];
            if (c is '"' or '$' or '@' && StringStart(s, i) is { } start)
            {
                i = SkipString(s, i, start);
                continue;
            }

            if (c == '{')
            {
                depth++;
            }
            else if (c == '}' && depth-- == 0)
            {
                return i + 1;
            }

            i++;
        }

        return i;
    }
}
