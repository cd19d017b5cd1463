using System.Text;

namespace TableLoad.Tests.TestSupport;

/// <summary>An independent RFC 4180 reader for one record, so tests check what a CSV consumer would see.</summary>
internal static class CsvLine
{
    public static IReadOnlyList<string> Split(string record)
    {
        var cells = new List<string>();
        var cell = new StringBuilder();
        var quoted = false;
        for (var i = 0; i < record.Length; i++)
        {
            var c = record[i];
            if (quoted)
            {
                if (c == '"' && i + 1 < record.Length && record[i + 1] == '"')
                {
                    cell.Append('"');
                    i++;
                }
                else if (c == '"')
                {
                    quoted = false;
                }
                else
                {
                    cell.Append(c);
                }
            }
            else if (c == '"' && cell.Length == 0)
            {
                quoted = true;
            }
            else if (c == ',')
            {
                cells.Add(cell.ToString());
                cell.Clear();
            }
            else
            {
                cell.Append(c);
            }
        }

        Assert.False(quoted, $"unterminated quoted cell in: {record}");
        cells.Add(cell.ToString());
        return cells;
    }

    /// <summary>The record's cells by the header's column names; fails when the counts differ.</summary>
    public static IReadOnlyDictionary<string, string> ByColumn(string header, string record)
    {
        var names = Split(header);
        var cells = Split(record);
        Assert.Equal(names.Count, cells.Count);
        return names.Zip(cells).ToDictionary(p => p.First, p => p.Second, StringComparer.Ordinal);
    }
}
