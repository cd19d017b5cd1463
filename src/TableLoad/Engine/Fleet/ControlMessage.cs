using System.Text.Json.Serialization;
using TableLoad.Settings;

namespace TableLoad.Engine.Fleet;

/// <summary>Coordinator → worker, on the worker's stdin: one line per message, its kind in <c>type</c>.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "type")]
[JsonDerivedType(typeof(StartMessage), "start")]
[JsonDerivedType(typeof(GoMessage), "go")]
[JsonDerivedType(typeof(StopMessage), "stop")]
[JsonDerivedType(typeof(AbandonMessage), "abandon")]
internal abstract record ControlMessage;

/// <summary>The run's validated settings, this worker's process number and batch share already in them; the only line that carries a secret.</summary>
internal sealed record StartMessage(RunSettings Settings) : ControlMessage
{
    /// <summary>Names the message and never its settings' secret.</summary>
    public override string ToString() => $"{nameof(StartMessage)} {{ Process = {Settings.Process}, RunId = {Settings.RunId} }}";
}

/// <summary>Start the load: the shared timeline, in wall-clock terms.</summary>
internal sealed record GoMessage(long StartEpochMicros, long WarmupEndEpochSecond, long StopEpochMicros) : ControlMessage;

/// <summary>Start no new batches (a first Ctrl+C); in-flight ones finish.</summary>
internal sealed record StopMessage : ControlMessage;

/// <summary>Abandon the batches still in flight (a second Ctrl+C).</summary>
internal sealed record AbandonMessage : ControlMessage;
