using System.Globalization;
using System.Text;

namespace TableLoad.Bench.Results;

/// <summary>
/// A benchmark judged against TableLoad's targets: each client's figures as mean ± sd (min–max) over its rounds, then each TableLoad
/// client ÷ its baseline as the ratio of the means with the min–max of the rounds' own ratios, against the target where one is named.
/// The rows are those of the raw CSV's table <see cref="Name"/>.
/// </summary>
internal sealed record TargetTable(string Name, IReadOnlyList<TargetTable.Client> Clients, IReadOnlyList<TargetTable.Figure> Figures, IReadOnlyList<TargetTable.Ratio> Ratios)
{
    public string Render(IReadOnlyList<BenchRow> rows)
    {
        var mine = rows.Where(r => r.Table == Name).ToList();
        var width = Clients.Max(c => c.Label.Length);
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"| {"client".PadRight(width)} | {"rounds",6} | {string.Join(" | ", Figures.Select(f => $"{f.Label,-30}"))} |");
        text.AppendLine($"|{new string('-', width + 2)}|-------:|" + string.Join("|", Figures.Select(_ => new string('-', 31) + ":")) + "|");
        foreach (var client in Clients)
        {
            var rounds = mine.Where(r => r.Client == client.Name).Select(r => r.Run).Distinct().Count();
            var cells = string.Join(" | ", Figures.Select(f => $"{RoundSpread.Show(Values(mine, client.Name, f.Metric).Values, f.Format),30}"));
            text.AppendLine(CultureInfo.InvariantCulture, $"| {client.Label.PadRight(width)} | {rounds,6} | {cells} |");
        }

        text.AppendLine();
        text.AppendLine("| ratio                                                                            | figure                         | of the means | rounds' min–max | target | met |");
        text.AppendLine("|----------------------------------------------------------------------------------|--------------------------------|-------------:|----------------:|-------:|:---:|");
        foreach (var ratio in Ratios)
        {
            text.AppendLine(RenderRatio(mine, ratio));
        }

        return text.ToString();
    }

    private string RenderRatio(List<BenchRow> rows, Ratio ratio)
    {
        var ours = Values(rows, ratio.Client, ratio.Metric);
        var theirs = Values(rows, ratio.Baseline, ratio.Metric);
        var name = $"{Label(ratio.Client)} ÷ {Label(ratio.Baseline)}";
        var figure = Figures.First(f => f.Metric == ratio.Metric).Label;
        if (ours.Count == 0 || theirs.Count == 0 || theirs.Values.Average() <= 0)
        {
            return $"| {name,-80} | {figure,-30} | {"n/a",12} | {"n/a",15} | {ratio.Target,6} | {"",3} |";
        }

        var value = ours.Values.Average() / theirs.Values.Average();
        var paired = ours.Keys.Where(run => theirs.TryGetValue(run, out var baseline) && baseline > 0).Select(run => ours[run] / theirs[run]).ToList();
        var spread = paired.Count > 0 ? string.Create(CultureInfo.InvariantCulture, $"{paired.Min():F2}–{paired.Max():F2}") : "n/a";
        return string.Create(CultureInfo.InvariantCulture, $"| {name,-80} | {figure,-30} | {value,12:F2} | {spread,15} | {ratio.Target,6} | {ratio.Met(value),3} |");
    }

    private string Label(string client) => Clients.First(c => c.Name == client).Label;

    private static Dictionary<int, double> Values(List<BenchRow> rows, string client, string metric) =>
        rows.Where(r => r.Client == client && r.Metric == metric).GroupBy(r => r.Run).ToDictionary(g => g.Key, g => g.Last().Value);

    /// <summary>A client of the table: its name in the raw CSV and its row's label.</summary>
    public sealed record Client(string Name, string Label);

    /// <summary>A column: the raw CSV's metric, its label and its number format.</summary>
    public sealed record Figure(string Metric, string Label, string Format);

    public enum Goal
    {
        None,
        AtLeast,
        AtMost,
    }

    /// <summary>A TableLoad client's figure ÷ its baseline's; <see cref="Bound"/> is TableLoad's target unless <see cref="Goal"/> is none.</summary>
    public sealed record Ratio(string Client, string Baseline, string Metric, Goal Goal = Goal.None, double Bound = 0)
    {
        public string Target => Goal switch
        {
            Goal.None => "—",
            Goal.AtLeast => string.Create(CultureInfo.InvariantCulture, $"≥ {Bound:F2}"),
            Goal.AtMost => string.Create(CultureInfo.InvariantCulture, $"≤ {Bound:F2}"),
        };

        public string Met(double ratio) => Goal switch
        {
            Goal.None => "",
            Goal.AtLeast => ratio >= Bound ? "yes" : "no",
            Goal.AtMost => ratio <= Bound ? "yes" : "no",
        };
    }
}
