using System.Threading.Channels;
using TableLoad.Engine;

namespace TableLoad.Reporting;

/// <summary>Streams batches.csv from a channel, so the file is never held in memory and the loops never wait on disk.</summary>
internal sealed class BatchLogWriter
{
    public const string Header = "process,task,partition_key,start_ms,latency_ms,entities,attempts,outcome,http_status,error_code,failed_index,warmup,intended_start_ms,verified_by_read";

    /// <summary>batches.csv for a one-process run, batches-&lt;k&gt;.csv for process k of several.</summary>
    public static string FileName(int process, int processes) =>
        processes == 1 ? "batches.csv" : string.Create(System.Globalization.CultureInfo.InvariantCulture, $"batches-{process}.csv");

    private readonly Channel<BatchRecord> _channel = Channel.CreateUnbounded<BatchRecord>(
        new UnboundedChannelOptions { SingleReader = true, SingleWriter = false });

    public ChannelWriter<BatchRecord> Writer => _channel.Writer;

    /// <summary>Writes every record until the channel completes; a null path drains without writing.</summary>
    public async Task WriteAllAsync(string? path)
    {
        await using var stream = path is null ? Stream.Null : new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.Read, 1 << 16, useAsync: true);
        await using var text = new StreamWriter(stream, new System.Text.UTF8Encoding(false), 1 << 16);
        await text.WriteLineAsync(Header).ConfigureAwait(false);
        var reader = _channel.Reader;
        while (await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            while (reader.TryRead(out var record))
            {
                await text.WriteLineAsync(Format(record)).ConfigureAwait(false);
            }

            // Keep what is written readable if the process dies mid-run.
            await text.FlushAsync().ConfigureAwait(false);
        }
    }

    public static string Format(in BatchRecord r) => string.Join(
        ',',
        Csv.Number(r.Process),
        Csv.Number(r.Task),
        Csv.Text(r.PartitionKey),
        Csv.Millis(r.StartMicros),
        Csv.Millis(r.LatencyMicros),
        Csv.Number(r.Entities),
        Csv.Number(r.Result.Attempts),
        r.Result.Outcome.ToSnakeCase(),
        Csv.Optional(r.Result.HttpStatus),
        Csv.Text(r.Result.ErrorCode),
        Csv.Optional(r.Result.FailedIndex),
        Csv.Bool(r.Warmup),
        r.IntendedStartMicros is { } intended ? Csv.Millis(intended) : "",
        Csv.Bool(r.Result.VerifiedByRead));
}
