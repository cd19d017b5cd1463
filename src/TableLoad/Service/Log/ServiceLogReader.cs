using System.Text.Json;
using TableLoad.Storage.ServiceLog;

namespace TableLoad.Service.Log;

/// <summary>
/// Streams the records of the service's request log, one at a time: a file, or a folder of them read in path order (the container's blobs,
/// <c>resourceId=…/y=…/m=…/d=…/h=…/m=00/PT1H.json</c>, or <c>$logs/table/YYYY/MM/DD/hhmm/NNNNNN.log</c>, as downloaded). Each line is a
/// resource-log JSON record or a classic Storage Analytics line; a line that is neither is counted, not read.
/// </summary>
internal sealed class ServiceLogReader(string path)
{
    /// <summary>Lines that were neither format, or a record of one without the fields the join needs.</summary>
    public long Unreadable { get; private set; }

    /// <summary>Whether the path names a file or a folder; the refusal before any request says it when not.</summary>
    public static bool Exists(string path) => File.Exists(path) || Directory.Exists(path);

    public IEnumerable<ServiceLogEntry> Entries()
    {
        foreach (var file in Files())
        {
            foreach (var line in File.ReadLines(file))
            {
                var text = line.AsSpan().Trim();
                if (text.IsEmpty)
                {
                    continue;
                }

                if (TryRead(text, line, out var entry))
                {
                    yield return entry;
                }
                else
                {
                    Unreadable++;
                }
            }
        }
    }

    private IEnumerable<string> Files() => File.Exists(path)
        ? [path]
        : Directory.EnumerateFiles(path, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal);

    private static bool TryRead(ReadOnlySpan<char> text, string line, out ServiceLogEntry entry)
    {
        entry = default;
        if (text[0] == '{')
        {
            ResourceLogRecord? record;
            try
            {
                record = JsonSerializer.Deserialize(line, ServiceLogJsonContext.Default.ResourceLogRecord);
            }
            catch (JsonException)
            {
                return false;
            }

            if (record?.Properties is not { } properties)
            {
                return false;
            }

            var id = Guid.TryParse(properties.ClientRequestId, out var parsed) ? parsed : (Guid?)null;
            entry = new ServiceLogEntry(id, record.Time, properties.ServerLatencyMs, record.DurationMs);
            return true;
        }

        return ClassicLogLine.IsOne(text) && ClassicLogLine.TryRead(text, out entry);
    }
}
