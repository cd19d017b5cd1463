using System.Globalization;
using TableLoad.Measurement;
using TableLoad.Measurement.Histograms;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Reads a result folder back: JSON through the result files' own types, CSV by header as a user's script would.</summary>
public sealed class ResultFolder(string path)
{
    public string Path { get; } = path;

    internal RunSummary Summary => ResultJson.ReadSummary(System.IO.Path.Combine(Path, ResultFiles.SummaryJson));

    internal RunDescription Run => ResultJson.Read<RunDescription>(System.IO.Path.Combine(Path, ResultFiles.RunJson));

    /// <summary>Reads every result file through its own reader (JSON types, CSV by header, the histogram log); returns the summary.</summary>
    internal RunSummary ParseEveryFile()
    {
        Assert.NotNull(Run);
        Assert.NotNull(Csv(ResultFiles.IntervalsCsv));
        foreach (var file in Directory.GetFiles(Path, "batches*.csv"))
        {
            Assert.NotNull(Csv(System.IO.Path.GetFileName(file)));
        }

        Assert.NotNull(HistogramLog());
        return Summary;
    }

    public IReadOnlyList<IReadOnlyDictionary<string, string>> Csv(string file)
    {
        var lines = File.ReadAllLines(System.IO.Path.Combine(Path, file));
        var header = lines[0].Split(',');
        return lines.Skip(1).Where(l => l.Length > 0).Select(line =>
        {
            var cells = line.Split(',');
            Assert.Equal(header.Length, cells.Length);
            return (IReadOnlyDictionary<string, string>)header.Zip(cells).ToDictionary(p => p.First, p => p.Second);
        }).ToList();
    }

    public IReadOnlyList<HistogramLogRecord> HistogramLog()
    {
        using var reader = new StreamReader(System.IO.Path.Combine(Path, ResultFiles.LatencyHlog));
        return new HistogramLogReader(reader).ReadRecords().ToList();
    }

    public static double Number(string cell) => double.Parse(cell, CultureInfo.InvariantCulture);

    public static long Count(string cell) => long.Parse(cell, CultureInfo.InvariantCulture);
}
