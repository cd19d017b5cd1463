using System.Text.Json.Serialization;
using Microsoft.Extensions.Logging;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;

namespace TableLoad.Engine.Fleet;

/// <summary>Worker → coordinator, on the worker's stdout: one line per message, its kind in <c>type</c>.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "type")]
[JsonDerivedType(typeof(ReadyMessage), "ready")]
[JsonDerivedType(typeof(WindowMessage), "window")]
[JsonDerivedType(typeof(TickMessage), "tick")]
[JsonDerivedType(typeof(DoneMessage), "done")]
[JsonDerivedType(typeof(ErrorMessage), "error")]
[JsonDerivedType(typeof(NoticeMessage), "notice")]
internal abstract record WorkerMessage;

/// <summary>The worker accepted its settings and waits for go; with the runtime settings in effect in it.</summary>
internal sealed record ReadyMessage(RuntimeSettings RuntimeSettings) : WorkerMessage;

/// <summary>Every second before the watermark has been reported; with the worker's cost so far.</summary>
internal sealed record TickMessage(long Watermark, ProcessSample Sample) : WorkerMessage;

/// <summary>The worker's load has ended, with its status, its cost in all, and its own calls (read-backs), which the service counted.</summary>
internal sealed record DoneMessage(RunStatus Status, ProcessSample Sample, IReadOnlyList<OwnCallMinute> OwnCalls) : WorkerMessage;

/// <summary>The worker cannot go on (or refused its settings): one sentence.</summary>
internal sealed record ErrorMessage(string Message) : WorkerMessage;

/// <summary>A warning or error the worker's load said, for the coordinator to say in its place.</summary>
internal sealed record NoticeMessage(LogLevel Level, string Message) : WorkerMessage;
