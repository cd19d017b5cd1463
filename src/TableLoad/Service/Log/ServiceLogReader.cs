using System.Text.Json;
using TableLoad.Storage.ServiceLog;

namespace TableLoad.Service.Log;

/// <summary>
/// Streams the records of the service's request log, one at a time, from its lines (<see cref="IServiceLogLines"/>: local files, or the
/// account's blob container). Each line is a resource-log JSON record or a classic Storage Analytics line; a line that is neither is
/// counted, not read.
/// </summary>
internal sealed class ServiceLogReader(IServiceLogLines lines)
{
    /// <summary>Lines that were neither format, or a record of one without the fields the join needs.</summary>
    public long Unreadable { get; private set; }

    /// <param name="hours">The hours whose records the join needs.</param>
    public IEnumerable<ServiceLogEntry> Entries(IReadOnlyCollection<DateTimeOffset> hours)
    {
        foreach (var line in lines.Lines(hours))
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
