using System.Globalization;
using System.Text.Json;
using TableLoad.Measurement.Histograms;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Reads a result folder back the way a user's script would: CSV by header, JSON by name.</summary>
public sealed class ResultFolder(string path)
{
    public string Path { get; } = path;

    public JsonElement Summary => Json("summary.json");

    public JsonElement Run => Json("run.json");

    public JsonElement Json(string file) => JsonDocument.Parse(File.ReadAllText(System.IO.Path.Combine(Path, file))).RootElement;

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
        using var reader = new StreamReader(System.IO.Path.Combine(Path, "latency.hlog"));
        return new HistogramLogReader(reader).ReadRecords().ToList();
    }

    public static double Number(string cell) => double.Parse(cell, CultureInfo.InvariantCulture);

    public static long Count(string cell) => long.Parse(cell, CultureInfo.InvariantCulture);
}
