using System.Diagnostics;
using System.Net;
using System.Net.Http.Headers;
using TableLoad.Measurement.Histograms;
using TableLoad.Storage;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Bench.Floor;

/// <summary>
/// The least a client can do to insert the same batches: T loops over one shared HttpClient (TableLoad's
/// handler settings) posting a pre-serialized body, signed once a second, reading the answer into a reused
/// buffer. Whatever TableLoad spends beyond this is its own overhead.
/// </summary>
internal sealed class FloorClient(FloorOptions options)
{
    private const string KeyPrefix = "fl";
    private static readonly MediaTypeHeaderValue BodyType = MediaTypeHeaderValue.Parse(BatchBodyWriter.ContentType);
    private static ReadOnlySpan<byte> StatusLinePrefix => "HTTP/1.1 "u8;

    private long _measureFrom;
    private long _measureUntil;

    public async Task<FloorResult> RunAsync(CancellationToken cancellationToken)
    {
        // The same tuning TableLoad applies (Engine/LoadTest.cs, Storage/HttpHandlerFactory.cs).
        ThreadPool.GetMinThreads(out var workers, out var io);
        ThreadPool.SetMinThreads(Math.Max(workers, options.Tasks + 2), Math.Max(io, options.Tasks + 2));

        var target = ConnectionStringParser.Parse(
            $"DefaultEndpointsProtocol={options.TableEndpoint.Scheme};AccountName={options.AccountName};AccountKey={options.AccountKey};TableEndpoint={options.TableEndpoint}");
        var table = "floor" + DateTime.UtcNow.ToString("yyyyMMddHHmmssfff", System.Globalization.CultureInfo.InvariantCulture);
        using var setup = new TableAdmin(target, table, TimeSpan.FromSeconds(30));
        await setup.CreateAsync(cancellationToken).ConfigureAwait(false);

        var endpoint = options.TableEndpoint.AbsoluteUri.TrimEnd('/');
        var batchUri = new Uri(endpoint + "/$batch");
        var signer = new FloorSigner(options.AccountName, Convert.FromBase64String(options.AccountKey), "/" + options.AccountName + batchUri.AbsolutePath, BodyType.ToString());
        var template = EntityTemplate.Create(options.EntitySize, options.Properties);
        var instance = Random.Shared.Next(1000);

        using var http = new HttpClient(HttpHandlerFactory.Create(options.Tasks + 4), disposeHandler: true) { Timeout = Timeout.InfiniteTimeSpan };
        var loops = new Loop[options.Tasks];
        for (var task = 0; task < loops.Length; task++)
        {
            loops[task] = new Loop(FloorBody.Create(template, $"{endpoint}/{table}", KeyPrefix, KeyPrefix, instance, task, options.BatchSize));
        }

        var started = Stopwatch.GetTimestamp();
        _measureFrom = started + (long)(AlignedWarmup(DateTimeOffset.UtcNow, options.Warmup).TotalSeconds * Stopwatch.Frequency);
        _measureUntil = _measureFrom + (long)(options.Measured.TotalSeconds * Stopwatch.Frequency);
        var running = loops.Select(loop => Task.Run(() => RunLoopAsync(loop, http, batchUri, signer, cancellationToken), CancellationToken.None)).ToArray();

        await DelayUntilAsync(_measureFrom, cancellationToken).ConfigureAwait(false);
        var atStart = ProcessSnapshot.Take();
        var entitiesAtStart = loops.Sum(l => Volatile.Read(ref l.EntitiesSucceeded));
        var batchesAtStart = loops.Sum(l => Volatile.Read(ref l.Batches));
        await DelayUntilAsync(_measureUntil, cancellationToken).ConfigureAwait(false);
        var atEnd = ProcessSnapshot.Take();
        var entitiesAtEnd = loops.Sum(l => Volatile.Read(ref l.EntitiesSucceeded));
        var batchesAtEnd = loops.Sum(l => Volatile.Read(ref l.Batches));
        await Task.WhenAll(running).ConfigureAwait(false);
        var whole = ProcessSnapshot.Take();

        await setup.DeleteAsync(CancellationToken.None).ConfigureAwait(false);

        var latency = new LatencyHistogram();
        foreach (var loop in loops)
        {
            latency.Add(loop.Latency);
        }

        var measuredEntities = entitiesAtEnd - entitiesAtStart;
        var measuredBatches = batchesAtEnd - batchesAtStart;
        var allEntities = loops.Sum(l => l.EntitiesSucceeded);
        var allBatches = loops.Sum(l => l.Batches);
        return new FloorResult(
            Tasks: options.Tasks,
            MeasuredSeconds: options.Measured.TotalSeconds,
            EntitiesPerSecond: measuredEntities / options.Measured.TotalSeconds,
            EntitiesSucceeded: allEntities,
            FailedBatches: loops.Sum(l => l.FailedBatches),
            CpuUsPerEntity: allEntities > 0 ? whole.CpuSeconds * 1e6 / allEntities : 0,
            CpuUsPerEntityMeasured: measuredEntities > 0 ? (atEnd.CpuSeconds - atStart.CpuSeconds) * 1e6 / measuredEntities : 0,
            AllocatedBytesPerBatch: allBatches > 0 ? (double)whole.AllocatedBytes / allBatches : 0,
            AllocatedBytesPerBatchMeasured: measuredBatches > 0 ? (double)(atEnd.AllocatedBytes - atStart.AllocatedBytes) / measuredBatches : 0,
            PeakRssMiB: whole.PeakRssBytes / 1048576.0,
            P50Ms: latency.ValueAtPercentile(50) / 1000.0,
            P99Ms: latency.ValueAtPercentile(99) / 1000.0,
            GcGen0: whole.Gen0,
            GcGen2: whole.Gen2);
    }

    /// <summary>
    /// TableLoad ends its warm-up on a whole wall-clock second; so does the floor, so both measure the
    /// same stretch of a service that changes as it fills (Azurite slows as its table grows).
    /// </summary>
    private static TimeSpan AlignedWarmup(DateTimeOffset now, TimeSpan warmup)
    {
        if (warmup <= TimeSpan.Zero)
        {
            return TimeSpan.Zero;
        }

        var end = now + warmup;
        var intoSecond = end.UtcTicks % TimeSpan.TicksPerSecond;
        return intoSecond == 0 ? warmup : warmup + TimeSpan.FromTicks(TimeSpan.TicksPerSecond - intoSecond);
    }

    private async Task RunLoopAsync(Loop loop, HttpClient http, Uri batchUri, FloorSigner signer, CancellationToken cancellationToken)
    {
        var answer = new byte[64 * 1024];
        for (long sequence = 0; Stopwatch.GetTimestamp() < _measureUntil && !cancellationToken.IsCancellationRequested; sequence++)
        {
            loop.Body.SetSequence(sequence);
            var content = new ReadOnlyMemoryContent(loop.Body.Body);
            content.Headers.ContentType = BodyType;
            using var request = new HttpRequestMessage(HttpMethod.Post, batchUri) { Version = HttpVersion.Version11, Content = content };
            var headers = request.Headers;
            var (date, authorization) = signer.Current();
            headers.TryAddWithoutValidation("x-ms-version", TableLoad.Storage.Wire.WireBatchClient.ServiceVersion);
            headers.TryAddWithoutValidation("DataServiceVersion", "3.0");
            headers.TryAddWithoutValidation("MaxDataServiceVersion", "3.0;NetFx");
            headers.TryAddWithoutValidation("Accept", "application/json;odata=nometadata");
            headers.TryAddWithoutValidation("x-ms-date", date);
            headers.TryAddWithoutValidation("Authorization", authorization);

            var sent = Stopwatch.GetTimestamp();
            bool succeeded;
            using (var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false))
            {
                var length = 0;
                await using (var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false))
                {
                    int read;
                    while ((read = await stream.ReadAsync(answer.AsMemory(length), cancellationToken).ConfigureAwait(false)) > 0)
                    {
                        length += read;
                        if (length == answer.Length)
                        {
                            Array.Resize(ref answer, answer.Length * 2);
                        }
                    }
                }

                succeeded = response.StatusCode == HttpStatusCode.Accepted && AllOperationsSucceeded(answer.AsSpan(0, length));
            }

            // As TableLoad counts it: every batch that started in the measured period, whenever it answered.
            var ended = Stopwatch.GetTimestamp();
            if (sent >= _measureFrom && sent < _measureUntil)
            {
                loop.Latency.RecordValue((long)Stopwatch.GetElapsedTime(sent, ended).TotalMicroseconds);
            }

            Volatile.Write(ref loop.Batches, loop.Batches + 1);
            if (succeeded)
            {
                Volatile.Write(ref loop.EntitiesSucceeded, loop.EntitiesSucceeded + options.BatchSize);
            }
            else
            {
                loop.FailedBatches++;
            }
        }
    }

    private static bool AllOperationsSucceeded(ReadOnlySpan<byte> answer)
    {
        while (answer.IndexOf(StatusLinePrefix) is var at and >= 0)
        {
            answer = answer[(at + StatusLinePrefix.Length)..];
            if (answer.Length > 0 && answer[0] != (byte)'2')
            {
                return false;
            }
        }

        return true;
    }

    private static async Task DelayUntilAsync(long timestamp, CancellationToken cancellationToken)
    {
        var remaining = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), timestamp);
        if (remaining > TimeSpan.Zero)
        {
            await Task.Delay(remaining, cancellationToken).ConfigureAwait(false);
        }
    }

    private sealed class Loop(FloorBody body)
    {
        public FloorBody Body { get; } = body;

        public LatencyHistogram Latency { get; } = new();

        public long Batches;
        public long EntitiesSucceeded;
        public long FailedBatches;
    }
}
