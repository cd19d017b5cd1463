using System.Globalization;

namespace TableLoad.Bench.Results;

/// <summary>One measured figure of one run: a row of the long-format raw CSV that bench.sh accumulates.</summary>
internal readonly record struct BenchRow(string Table, string Cell, string Client, int Run, string Metric, double Value)
{
    public const string Header = "table,cell,client,run,metric,value";

    public string ToCsv() => string.Create(CultureInfo.InvariantCulture, $"{Table},{Cell},{Client},{Run},{Metric},{Value:R}");

    public static BenchRow Parse(string line)
    {
        var f = line.Split(',');
        return new BenchRow(f[0], f[1], f[2], int.Parse(f[3], CultureInfo.InvariantCulture), f[4], double.Parse(f[5], CultureInfo.InvariantCulture));
    }
}
