using System.Globalization;
using System.Runtime.InteropServices;
using TableLoad.Measurement.Histograms;
using TableLoad.Measurement.Service;

namespace TableLoad.Service.Log;

/// <summary>
/// Joins the run's requests (its batches files) with the service's log by client request id, in bounded memory: the requests are hashed
/// into buckets of at most <paramref name="bucketBytes"/> of batches.csv each; with one bucket the log streams past them in memory, with more
/// both sides are spilled to temporary bucket files and joined bucket by bucket (a Grace hash join). A request's records (each attempt's,
/// a query's pages, a read-modify-write's read and write) are summed.
/// </summary>
internal sealed class RequestLogJoin(long bucketBytes = RequestLogJoin.DefaultBucketBytes)
{
    /// <summary>Some 400,000 rows of batches.csv: about 30 MB of the in-memory table.</summary>
    public const long DefaultBucketBytes = 64L * 1024 * 1024;

    private const long MicrosPerMinute = 60_000_000;

    /// <summary>Joins the requests of each result folder (a run's, or the parts of a report) with the log.</summary>
    /// <exception cref="FormatException">A folder's requests cannot be joined (no batches.csv, no id column).</exception>
    public ServiceLogSummary Join(IReadOnlyList<(string Folder, DateTimeOffset StartedUtc)> runs, IServiceLogLines lines)
    {
        var files = new List<(string File, long StartedMicros)>();
        foreach (var (folder, startedUtc) in runs)
        {
            var ofRun = BatchTimingsReader.Files(folder);
            if (ofRun.Count == 0)
            {
                throw new FormatException($"{folder} has no batches.csv (the run was made with --no-batch-log), so its requests cannot be joined with the service's log.");
            }

            files.AddRange(ofRun.Select(f => (f, startedUtc.ToUnixTimeMilliseconds() * 1000)));
        }

        var bytes = files.Sum(f => new FileInfo(f.File).Length);
        var buckets = (int)Math.Clamp((bytes + bucketBytes - 1) / bucketBytes, 1, 4096);
        var state = new JoinState();
        var log = new ServiceLogReader(lines);
        if (buckets == 1)
        {
            var pending = new Dictionary<Guid, Pending>();
            foreach (var request in files.SelectMany(f => BatchTimingsReader.Read(f.File, f.StartedMicros)))
            {
                pending[request.ClientRequestId] = state.Requested(request);
            }

            foreach (var entry in log.Entries(state.Hours()))
            {
                state.Logged(entry, pending);
            }

            state.Settle(pending);
        }
        else
        {
            JoinSpilled(files, log, buckets, state);
        }

        return state.Summary(log.Unreadable);
    }

    private static void JoinSpilled(List<(string File, long StartedMicros)> files, ServiceLogReader log, int buckets, JoinState state)
    {
        var folder = Directory.CreateTempSubdirectory("tableload-join-").FullName;
        try
        {
            var requests = Writers(folder, "requests", buckets);
            try
            {
                foreach (var request in files.SelectMany(f => BatchTimingsReader.Read(f.File, f.StartedMicros)))
                {
                    var pending = state.Requested(request);
                    var writer = requests[Bucket(request.ClientRequestId, buckets)];
                    Write(writer, request.ClientRequestId);
                    writer.Write(pending.LatencyMicros);
                    writer.Write(pending.Warmup);
                }
            }
            finally
            {
                Dispose(requests);
            }

            var records = Writers(folder, "records", buckets);
            try
            {
                foreach (var entry in log.Entries(state.Hours()))
                {
                    if (state.Counted(entry) is not { } id)
                    {
                        continue;
                    }

                    var writer = records[Bucket(id, buckets)];
                    Write(writer, id);
                    writer.Write(entry.ServerLatencyMs);
                    writer.Write(entry.DurationMs);
                }
            }
            finally
            {
                Dispose(records);
            }

            for (var bucket = 0; bucket < buckets; bucket++)
            {
                var pending = new Dictionary<Guid, Pending>();
                using (var reader = Reader(folder, "requests", bucket))
                {
                    while (reader.BaseStream.Position < reader.BaseStream.Length)
                    {
                        pending[Read(reader)] = new Pending(reader.ReadInt64(), reader.ReadBoolean());
                    }
                }

                using (var reader = Reader(folder, "records", bucket))
                {
                    while (reader.BaseStream.Position < reader.BaseStream.Length)
                    {
                        state.Matched(Read(reader), reader.ReadDouble(), reader.ReadDouble(), pending);
                    }
                }

                state.Settle(pending);
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static int Bucket(Guid id, int buckets) => (int)((uint)id.GetHashCode() % (uint)buckets);

    private static BinaryWriter[] Writers(string folder, string side, int buckets) =>
        [.. Enumerable.Range(0, buckets).Select(b => new BinaryWriter(new BufferedStream(File.Create(BucketPath(folder, side, b)), 1 << 16)))];

    private static BinaryReader Reader(string folder, string side, int bucket) =>
        new(new BufferedStream(File.OpenRead(BucketPath(folder, side, bucket)), 1 << 16));

    private static string BucketPath(string folder, string side, int bucket) => Path.Combine(folder, string.Create(CultureInfo.InvariantCulture, $"{side}-{bucket}.bin"));

    private static void Dispose(BinaryWriter[] writers)
    {
        foreach (var writer in writers)
        {
            writer.Dispose();
        }
    }

    private static void Write(BinaryWriter writer, Guid id)
    {
        Span<byte> bytes = stackalloc byte[16];
        id.TryWriteBytes(bytes);
        writer.Write(bytes);
    }

    private static Guid Read(BinaryReader reader)
    {
        Span<byte> bytes = stackalloc byte[16];
        reader.BaseStream.ReadExactly(bytes);
        return new Guid(bytes);
    }

    /// <summary>One request waiting for its records, and the service's times they summed to.</summary>
    private struct Pending(long latencyMicros, bool warmup)
    {
        public readonly long LatencyMicros = latencyMicros;
        public readonly bool Warmup = warmup;
        public double ServerMs;
        public double DurationMs;
        public int Records;
    }

    /// <summary>The counts, the minutes and the histograms, across every bucket.</summary>
    private sealed class JoinState
    {
        private readonly HashSet<long> _runMinutes = [];
        private readonly HashSet<long> _logMinutes = [];
        private readonly LatencyHistogram _clientLatency = new();
        private readonly LatencyHistogram _service = new();
        private readonly LatencyHistogram _transfer = new();
        private readonly LatencyHistogram _client = new();
        private long _records;
        private long _joined;
        private long _unjoined;
        private long _unlogged;
        private long _tailRequests;
        private double _tailService;
        private double _tailTransfer;
        private double _tailClient;
        private long _p99 = -1;
        private long _tailFrom;

        public Pending Requested(in RequestTiming request)
        {
            _runMinutes.Add(request.StartMicros / MicrosPerMinute);
            if (!request.Warmup)
            {
                _clientLatency.RecordValue(Math.Max(0, request.LatencyMicros));
            }

            return new Pending(request.LatencyMicros, request.Warmup);
        }

        /// <summary>The hours of the minutes in which the run sent requests and of the minutes beside them: a record's time may be a little off its request's.</summary>
        public IReadOnlyCollection<DateTimeOffset> Hours() =>
            [.. _runMinutes.SelectMany(m => new[] { m - 1, m, m + 1 }).Select(m => m / 60).Distinct().Order().Select(h => DateTimeOffset.FromUnixTimeMilliseconds(h * 3_600_000))];

        /// <summary>Counts a record and its minute; returns its id when it may name a request of the run.</summary>
        public Guid? Counted(in ServiceLogEntry entry)
        {
            _records++;
            _logMinutes.Add(entry.Time.ToUnixTimeMilliseconds() * 1000 / MicrosPerMinute);
            if (entry.ClientRequestId is null)
            {
                _unjoined++;
            }

            return entry.ClientRequestId;
        }

        public void Logged(in ServiceLogEntry entry, Dictionary<Guid, Pending> pending)
        {
            if (Counted(entry) is { } id)
            {
                Matched(id, entry.ServerLatencyMs, entry.DurationMs, pending);
            }
        }

        public void Matched(Guid id, double serverMs, double durationMs, Dictionary<Guid, Pending> pending)
        {
            ref var request = ref CollectionsMarshal.GetValueRefOrNullRef(pending, id);
            if (System.Runtime.CompilerServices.Unsafe.IsNullRef(ref request))
            {
                _unjoined++;
                return;
            }

            request.ServerMs += serverMs;
            request.DurationMs += durationMs;
            request.Records++;
        }

        /// <summary>Records the shares of a bucket's requests once all their records came.</summary>
        public void Settle(Dictionary<Guid, Pending> pending)
        {
            if (_p99 < 0)
            {
                _p99 = _clientLatency.TotalCount == 0 ? 0 : _clientLatency.ValueAtPercentile(99);
                // The percentile is its bucket's highest value, above the requests in that bucket: the tail starts at its lowest.
                _tailFrom = _clientLatency.LowestEquivalentValue(_p99);
            }

            foreach (var request in pending.Values)
            {
                if (request.Records == 0)
                {
                    _unlogged++;
                    continue;
                }

                _joined++;
                if (request.Warmup)
                {
                    continue;
                }

                var service = request.ServerMs * 1000;
                var transfer = Math.Max(0, request.DurationMs - request.ServerMs) * 1000;
                // Negative only by the log's whole milliseconds: the client's own time is then nothing to speak of.
                var client = Math.Max(0, request.LatencyMicros - (request.DurationMs * 1000));
                _service.RecordValue((long)Math.Round(service));
                _transfer.RecordValue((long)Math.Round(transfer));
                _client.RecordValue((long)Math.Round(client));
                if (request.LatencyMicros >= _tailFrom)
                {
                    _tailRequests++;
                    _tailService += service;
                    _tailTransfer += transfer;
                    _tailClient += client;
                }
            }
        }

        public ServiceLogSummary Summary(long unreadable)
        {
            // The tail's requests may average far above the p99 (a timeout, the run's first request): their shares' proportions split the p99, so its parts add up to it.
            var tailMicros = _tailService + _tailTransfer + _tailClient;
            var ofP99 = tailMicros > 0 ? _p99 / 1000.0 / tailMicros : 0;
            return new ServiceLogSummary
            {
                Records = _records,
                Joined = _joined,
                Unjoined = _unjoined,
                Unlogged = _unlogged,
                Unreadable = unreadable,
                SharesMs = new LatencyShares(Figures(_service), Figures(_transfer), Figures(_client)),
                P99RequestsMs = new TailShares(_tailRequests, _p99 / 1000.0, _tailService * ofP99, _tailTransfer * ofP99, _tailClient * ofP99),
                MissingMinutes = [.. _runMinutes.Except(_logMinutes).Order().Select(Minute)],
            };
        }

        private static ShareFigures Figures(LatencyHistogram histogram) => histogram.TotalCount == 0
            ? new ShareFigures(0, 0, 0)
            : new ShareFigures(histogram.ValueAtPercentile(50) / 1000.0, histogram.ValueAtPercentile(99) / 1000.0, histogram.Mean / 1000.0);

        private static string Minute(long minute) =>
            DateTimeOffset.FromUnixTimeMilliseconds(minute * 60_000).UtcDateTime.ToString("yyyy-MM-ddTHH:mm'Z'", CultureInfo.InvariantCulture);
    }
}
