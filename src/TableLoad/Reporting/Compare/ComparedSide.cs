using System.Text.Json;
using TableLoad.Measurement;

namespace TableLoad.Reporting.Compare;

/// <summary>One side of <c>tableload compare</c>: a run folder, or a sweep cell's repeats (its folders <c>CELL-r1</c>, <c>CELL-r2</c> …).</summary>
internal sealed record ComparedSide(string Path, IReadOnlyList<ComparedRun> Runs)
{
    /// <summary>Reads PATH as a run folder, or as a sweep folder's cell named without its <c>-rN</c>; a sentence for anything else.</summary>
    public static ComparedSide Read(string path)
    {
        var trimmed = System.IO.Path.TrimEndingDirectorySeparator(path);
        if (File.Exists(System.IO.Path.Combine(trimmed, ResultFiles.SummaryJson)))
        {
            return new ComparedSide(trimmed, [ComparedRun.Read(trimmed)]);
        }

        var parent = System.IO.Path.GetDirectoryName(trimmed) is { Length: > 0 } p ? p : ".";
        var cell = System.IO.Path.GetFileName(trimmed);
        var repeats = Directory.Exists(parent) && cell.Length > 0
            ? Directory.GetDirectories(parent, RepeatNames.Pattern(cell))
                .Where(d => RepeatNames.IsRepeatOf(System.IO.Path.GetFileName(d), cell))
                .Where(d => File.Exists(System.IO.Path.Combine(d, ResultFiles.SummaryJson)))
                .Order(StringComparer.Ordinal)
                .ToList()
            : [];
        if (repeats.Count > 0)
        {
            return new ComparedSide(trimmed, [.. repeats.Select(ComparedRun.Read)]);
        }

        throw new FormatException(Directory.Exists(trimmed)
            ? $"'{path}' is not a TableLoad result folder: it has no {ResultFiles.SummaryJson}."
            : $"'{path}' does not exist, and no sweep cell folders '{RepeatNames.Of(cell, 1)}', '{RepeatNames.Of(cell, 2)}' … stand beside it.");
    }
}

/// <summary>One run's summary and the options it recorded, as compare reads them.</summary>
internal sealed record ComparedRun(string Path, RunSummary Summary, RecordedRunOptions? Options)
{
    public static ComparedRun Read(string path)
    {
        try
        {
            var summary = ResultJson.ReadSummary(System.IO.Path.Combine(path, ResultFiles.SummaryJson));
            var runJson = System.IO.Path.Combine(path, ResultFiles.RunJson);
            var options = File.Exists(runJson) ? ResultJson.Read<RunDescription>(runJson).Options : null;
            return new ComparedRun(path, summary, options);
        }
        catch (JsonException)
        {
            throw new FormatException($"'{path}' holds a run.json or summary.json that is not one TableLoad writes.");
        }
    }
}
