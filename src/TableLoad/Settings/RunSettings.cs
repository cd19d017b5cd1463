using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Settings;

/// <summary>Everything one run needs, validated; built once from the command line.</summary>
internal sealed record RunSettings
{
    public required StorageTarget Target { get; init; }

    public required string Table { get; init; }

    public bool KeepTable { get; init; }

    /// <summary>Write into a table that already holds entities (refused otherwise).</summary>
    public bool AllowExistingTable { get; init; }

    public int BatchSize { get; init; } = 100;

    public int EntitySize { get; init; } = 1024;

    public int Properties { get; init; } = 8;

    public PartitionStrategy Partitions { get; init; } = new PartitionStrategy.Single();

    public string KeyPrefix { get; init; } = "tl";

    public int Tasks { get; init; } = 12;

    /// <summary>Load processes of the run; this process is number <see cref="Process"/> of them.</summary>
    public int Processes { get; init; } = 1;

    public bool PerProcess { get; init; }

    /// <summary>Open model: intended entities per second of the whole fleet; null for the closed model.</summary>
    public double? Rate { get; init; }

    public TimeSpan Duration { get; init; } = TimeSpan.FromSeconds(60);

    public long? Batches { get; init; }

    public TimeSpan Warmup { get; init; } = TimeSpan.FromSeconds(5);

    public TimeSpan Timeout { get; init; } = TimeSpan.FromSeconds(30);

    public int Retries { get; init; }

    public required string OutputDirectory { get; init; }

    public string Label { get; init; } = "";

    public bool Verify { get; init; }

    public required string RunId { get; init; }

    public int Process { get; init; }

    public int Instance { get; init; }

    /// <summary>Distributed runs: when to start, so that instances on several machines start together.</summary>
    public DateTimeOffset? StartAt { get; init; }

    /// <summary>True when the run id was given, so other instances share the run and its table (never deleted here).</summary>
    public bool SharedRun { get; init; }

    public bool Quiet { get; init; }

    public bool WriteBatchLog { get; init; } = true;

    /// <summary>Rows of batches.csv held while the disk is behind (<c>--batch-log-buffer</c>).</summary>
    public int BatchLogBuffer { get; init; } = DefaultBatchLogBuffer;

    /// <summary>Rows of batches.csv held while the disk is behind: some 10 MB, several seconds of the fastest runs.</summary>
    public const int DefaultBatchLogBuffer = 65_536;

    /// <summary>Collector address for live metrics over OTLP (<c>--otlp-endpoint</c>); null leaves it to the OTEL_* environment.</summary>
    public Uri? OtlpEndpoint { get; init; }

    /// <summary>Which client sends the batches.</summary>
    public ClientKind Client { get; init; } = ClientKind.Sdk;

    /// <summary>Keep the SDK's logging and distributed tracing on (they cost CPU per batch).</summary>
    public bool SdkDiagnostics { get; init; }

    /// <summary>Connections per process: one per task (HTTP/1.1 holds one batch a connection) and a few for read-backs.</summary>
    public int MaxConnections => Tasks + 4;

    /// <summary>How long a call on the table (create, count, read-back, delete) may go unanswered: --timeout, at least 5 s.</summary>
    public TimeSpan TableCallTimeout => Timeout > MinTableCallTimeout ? Timeout : MinTableCallTimeout;

    private static readonly TimeSpan MinTableCallTimeout = TimeSpan.FromSeconds(5);
}
