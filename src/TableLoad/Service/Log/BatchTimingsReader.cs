using System.Globalization;
using TableLoad.Reporting;

namespace TableLoad.Service.Log;

/// <summary>
/// Streams a result folder's batches.csv (or each process's batches-&lt;k&gt;.csv) as <see cref="RequestTiming"/>s, by the header's column
/// names; a row without a client request id (an older file, a request that never started) is skipped.
/// </summary>
internal static class BatchTimingsReader
{
    private const string ClientRequestIdColumn = "client_request_id";

    /// <summary>The folder's batches files; empty when it has none (<c>--no-batch-log</c>).</summary>
    public static IReadOnlyList<string> Files(string folder) => Directory.Exists(folder)
        ? [.. Directory.EnumerateFiles(folder, "batches*.csv").Where(f => Path.GetFileName(f) == ResultFiles.BatchesCsv || Path.GetFileName(f).StartsWith("batches-", StringComparison.Ordinal)).Order(StringComparer.Ordinal)]
        : [];

    /// <summary>The rows of one file, their starts from <paramref name="startedMicros"/> (the run's start since the epoch); throws <see cref="FormatException"/> when its header lacks a column the join needs.</summary>
    public static IEnumerable<RequestTiming> Read(string file, long startedMicros)
    {
        using var reader = new StreamReader(file, System.Text.Encoding.UTF8, false, 1 << 16);
        var header = reader.ReadLine() ?? "";
        var columns = header.Split(',');
        var id = Column(columns, ClientRequestIdColumn, file);
        var start = Column(columns, "start_ms", file);
        var latency = Column(columns, "latency_ms", file);
        var warmup = Column(columns, "warmup", file);
        var last = Math.Max(Math.Max(id, start), Math.Max(latency, warmup));
        var fields = new Range[columns.Length];
        string? line;
        while ((line = reader.ReadLine()) is not null)
        {
            // A quoted PartitionKey may hold a line break: the row goes on until its quotes close.
            while (line.AsSpan().Count('"') % 2 == 1 && reader.ReadLine() is { } rest)
            {
                line += "\n" + rest;
            }

            var row = line.AsSpan();
            if (DelimitedFields.Split(row, ',', fields) <= last || !Guid.TryParse(row[fields[id]], out var clientRequestId))
            {
                continue;
            }

            yield return new RequestTiming(clientRequestId, startedMicros + Micros(row[fields[start]]), Micros(row[fields[latency]]), row[fields[warmup]].SequenceEqual("true"));
        }
    }

    private static int Column(string[] columns, string name, string file)
    {
        var index = Array.IndexOf(columns, name);
        return index >= 0 ? index : throw new FormatException($"{file} has no {name} column: it was written before TableLoad sent a client request id with each request, so no request of it can be joined with the service's log.");
    }

    private static long Micros(ReadOnlySpan<char> millis) =>
        double.TryParse(millis, NumberStyles.Float, CultureInfo.InvariantCulture, out var ms) ? (long)Math.Round(ms * 1000) : 0;
}
