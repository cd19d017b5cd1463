using System.Globalization;
using System.Text;

namespace TableLoad.Reporting;

/// <summary>Invariant-culture CSV cells, so result files read the same whatever the user's locale; and one record read back.</summary>
internal static class Csv
{
    public static string Millis(long micros) => (micros / 1000.0).ToString("0.000", CultureInfo.InvariantCulture);

    public static string Number(long value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>A figure that need not be whole, to three decimals at most (a target of 1234.5 e/s).</summary>
    public static string Number(double value) => value.ToString("0.###", CultureInfo.InvariantCulture);
    /// <summary>A fractional figure such as request units, to two decimals as Cosmos DB charges them.</summary>
    public static string Decimal(double value) => value.ToString("0.##", CultureInfo.InvariantCulture);

    public static string Optional(int? value) => value?.ToString(CultureInfo.InvariantCulture) ?? "";

    public static string Bool(bool value) => value ? "true" : "false";

    /// <summary>Quotes a text cell when it holds a separator, a quote or a line break (RFC 4180).</summary>
    public static string Text(string? value)
    {
        if (string.IsNullOrEmpty(value))
        {
            return "";
        }

        return value.AsSpan().IndexOfAny(",\"\r\n") < 0 ? value : "\"" + value.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
    }

    /// <summary>
    /// The cells of one record (one line), quoted cells unquoted as <see cref="Text"/> or a spreadsheet
    /// quotes them; null when a quoted cell is not closed or text follows its closing quote.
    /// </summary>
    public static IReadOnlyList<string>? Split(string record)
    {
        var cells = new List<string>();
        var cell = new StringBuilder();
        var i = 0;
        while (true)
        {
            if (i < record.Length && record[i] == '"')
            {
                i = Unquote(record, i + 1, cell);
                if (i < 0 || (i < record.Length && record[i] != ','))
                {
                    return null;
                }
            }
            else
            {
                var end = record.IndexOf(',', i);
                end = end < 0 ? record.Length : end;
                cell.Append(record, i, end - i);
                i = end;
            }

            cells.Add(cell.ToString());
            cell.Clear();
            if (i >= record.Length)
            {
                return cells;
            }

            i++;
        }
    }

    // Appends a quoted cell's text from just after its opening quote; returns the index after the closing quote, -1 without one.
    private static int Unquote(string record, int i, StringBuilder cell)
    {
        while (i < record.Length)
        {
            if (record[i] != '"')
            {
                cell.Append(record[i++]);
            }
            else if (i + 1 < record.Length && record[i + 1] == '"')
            {
                cell.Append('"');
                i += 2;
            }
            else
            {
                return i + 1;
            }
        }

        return -1;
    }
}
