using System.Globalization;
using TableLoad.Reporting;
using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>
/// The columns of tune.csv: sweep.csv's (so every reader of a sweep reads it, and a column sweep.csv gains is
/// tune.csv's too) followed by role, step, verdict and ordinal. Read by header, as sweep.csv is.
/// </summary>
internal static class TuneCsv
{
    public static readonly IReadOnlyList<CsvColumn<TuneRow>> Columns =
    [
        .. SweepCsv.Columns.Select(c => c.Within<TuneRow>(t => t.Row, (t, row) => t with { Row = row })),
        new("role", t => Csv.Text(t.Role), (t, text) => t with { Role = text }),
        new("step", t => Csv.Text(t.Step), (t, text) => t with { Step = text }),
        new("verdict", t => t.Verdict.ToName(), (t, text) => t with { Verdict = ProbeVerdictNames.FromName(text) ?? throw new FormatException($"'{text}' is no verdict.") }),
        new("ordinal", t => Csv.Number(t.Ordinal), (t, text) => t with { Ordinal = int.Parse(text, NumberStyles.None, CultureInfo.InvariantCulture) }),
    ];

    public static readonly CsvTable<TuneRow> Table = new(
        ResultFiles.TuneCsv, Columns, SweepCsv.CellColumn, () => new TuneRow(SweepRow.ToBeRead(), "", "", default, 0), t => t.Row.Cell.Name);

    public static string Header => CsvLayout<TuneRow>.Standard(Table).Header;
}
