using System.Threading.Channels;
using TableLoad.Measurement;
using TableLoad.Storage;

namespace TableLoad.Reporting;

/// <summary>
/// Streams batches.csv from a bounded channel, so the loops never wait on disk and a slow disk cannot
/// grow memory without limit: a row that finds the channel full is dropped, and its loop counts it.
/// </summary>
internal sealed class BatchLogSink(int capacity)
{
    public const string Header = "process,task,partition_key,start_ms,latency_ms,entities,attempts,outcome,http_status,error_code,failed_index,warmup,intended_start_ms,verified_by_read,request_units,throttle_limit,retry_after_ms,sub_status,request_id,operation,scenario,client_request_id";

    // Enough for any row within the service's limits (a PartitionKey is at most 1 KiB); a longer one grows the buffer.
    private const int RowCapacity = 2048;

    // Wait mode, so that TryWrite on a full channel returns false (and its loop counts the row) instead of dropping silently.
    private readonly Channel<BatchRecord> _channel = Channel.CreateBounded<BatchRecord>(
        new BoundedChannelOptions(capacity) { SingleReader = true, SingleWriter = false, FullMode = BoundedChannelFullMode.Wait });

    public ChannelWriter<BatchRecord> Writer => _channel.Writer;

    /// <summary>Writes every record until the channel completes; a null path drains without writing.</summary>
    public async Task WriteAllAsync(string? path)
    {
        // Opened off the caller's thread: a file system that is slow to open must not hold up the start of the load.
        await using var stream = path is null ? Stream.Null
            : await Task.Run(() => new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.Read, 1 << 16, useAsync: true)).ConfigureAwait(false);
        await using var text = new StreamWriter(stream, new System.Text.UTF8Encoding(false), 1 << 16);
        await text.WriteLineAsync(Header).ConfigureAwait(false);
        var reader = _channel.Reader;
        var row = new char[RowCapacity];
        while (await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            while (reader.TryRead(out var record))
            {
                var length = FormatInto(record, ref row);
                await text.WriteLineAsync(row.AsMemory(0, length)).ConfigureAwait(false);
            }

            // Keep what is written readable if the process dies mid-run.
            await text.FlushAsync().ConfigureAwait(false);
        }
    }

    public static string Format(in BatchRecord r)
    {
        var row = new char[RowCapacity];
        var length = FormatInto(r, ref row);
        return new string(row, 0, length);
    }

    /// <summary>Formats the row into <paramref name="row"/>, growing it when the row does not fit; returns its length.</summary>
    private static int FormatInto(in BatchRecord r, ref char[] row)
    {
        int length;
        while (!TryFormat(r, row, out length))
        {
            row = new char[row.Length * 2];
        }

        return length;
    }

    /// <summary>Writes the row into <paramref name="destination"/>; false when it does not fit.</summary>
    public static bool TryFormat(in BatchRecord r, Span<char> destination, out int length)
    {
        var row = new CsvRowBuilder(destination);
        row.Number(r.Process);
        row.Number(r.Task);
        row.Text(r.PartitionKey);
        row.Millis(r.StartMicros);
        row.Millis(r.LatencyMicros);
        row.Number(r.Entities);
        row.Number(r.Result.Attempts);
        row.Plain(r.Result.Outcome.ToSnakeCase());
        row.Optional(r.Result.HttpStatus);
        row.Text(r.Result.ErrorCode);
        row.Optional(r.Result.FailedIndex);
        row.Bool(r.Warmup);
        if (r.IntendedStartMicros is { } intended)
        {
            row.Millis(intended);
        }
        else
        {
            row.Plain([]);
        }

        row.Bool(r.Result.VerifiedByRead);
        row.Decimal(r.Result.RequestUnits);
        // What a support case needs, of a throttled or failed batch only.
        var refused = !r.Result.Succeeded;
        row.Plain(refused && r.Result.Limit is { } limit ? limit.ToSnakeCase() : []);
        row.Optional(refused && r.Result.RetryAfter is { } retryAfter ? (long)Math.Ceiling(retryAfter.TotalMilliseconds) : null);
        row.Optional(refused ? r.Result.SubStatus : null);
        row.Text(r.Result.RequestId);
        row.Plain(r.Operation.ToName());
        row.Plain(r.Scenario);
        row.Plain(r.Result.ClientRequestId);
        return row.TryComplete(out length);
    }
}
