namespace TableLoad.Measurement;

/// <summary>How a run ended; <c>partial</c> means a part of the load (a process) failed.</summary>
internal enum RunStatus
{
    Complete,
    Interrupted,
    Partial,
}
