using Microsoft.Extensions.Logging;
using System.Text.Json;
using System.Text.Json.Serialization;
using TableLoad.Measurement;
using TableLoad.Settings;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// The JSON-lines protocol between a coordinator and its workers: control lines on the worker's stdin,
/// reports on its stdout. Settings, the key or SAS included, travel here and never in argv or the environment.
/// </summary>
internal static class WorkerProtocol
{
    public static string Serialize(ControlMessage message) => JsonSerializer.Serialize(message, WorkerProtocolContext.Default.ControlMessage);

    public static string Serialize(WorkerMessage message) => JsonSerializer.Serialize(message, WorkerProtocolContext.Default.WorkerMessage);

    public static T Deserialize<T>(string line) =>
        (T?)JsonSerializer.Deserialize(line, typeof(T), WorkerProtocolContext.Default) ?? throw new JsonException("empty protocol line");
}

/// <summary>The protocol's messages, each written and read through this generated metadata.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    Converters = [typeof(StorageTargetConverter), typeof(PartitionStrategyConverter)])]
[JsonSerializable(typeof(ControlMessage))]
[JsonSerializable(typeof(WorkerMessage))]
internal sealed partial class WorkerProtocolContext : JsonSerializerContext;

/// <summary>Coordinator → worker.</summary>
internal sealed record ControlMessage(string Type)
{
    public const string StartType = "start";
    public const string GoType = "go";
    public const string StopType = "stop";
    public const string AbandonType = "abandon";

    /// <summary>start: the run's validated settings, this worker's process number and batch share already in them.</summary>
    public RunSettings? Settings { get; init; }

    /// <summary>go: the shared timeline, in wall-clock terms.</summary>
    public long StartEpochMicros { get; init; }

    public long WarmupEndEpochSecond { get; init; }

    public long StopEpochMicros { get; init; }

    /// <summary>Names the message and never its settings' secret, which a generated ToString would reach.</summary>
    public override string ToString() => $"{nameof(ControlMessage)} {{ Type = {Type}, Process = {Settings?.Process}, RunId = {Settings?.RunId} }}";
}

/// <summary>Worker → coordinator.</summary>
internal sealed record WorkerMessage(string Type)
{
    public const string ReadyType = "ready";
    public const string WindowType = "window";
    public const string TickType = "tick";
    public const string DoneType = "done";
    public const string ErrorType = "error";

    /// <summary>A warning or error the worker's load said, for the coordinator to say in its place.</summary>
    public const string NoticeType = "notice";

    public long EpochSecond { get; init; }

    /// <summary>A window's phase: a second after the warm-up's end can still hold warm-up batches that answered late.</summary>
    public bool? Warmup { get; init; }

    public long Batches { get; init; }

    public long Attempts { get; init; }

    public long EntitiesSucceeded { get; init; }

    public long EntitiesFailed { get; init; }

    public long Late { get; init; }

    public long VerifiedByRead { get; init; }

    public long BatchLogDropped { get; init; }

    public long AbandonedStored { get; init; }

    public long AbandonedNotStored { get; init; }

    public long[]? ByOutcome { get; init; }

    public Dictionary<string, long>? RejectedByCode { get; init; }

    /// <summary>The window's latency histogram, HdrHistogram V2 compressed, base64.</summary>
    public string? Latency { get; init; }

    public string? Uncorrected { get; init; }

    /// <summary>tick: every second before this one has been reported.</summary>
    public long Watermark { get; init; }

    public ProcessSample? Sample { get; init; }

    /// <summary>ready: the runtime settings in effect in the worker.</summary>
    public RuntimeSettings? RuntimeSettings { get; init; }

    public string? Status { get; init; }

    public LogLevel? Level { get; init; }

    public string? Message { get; init; }
}
