namespace TableLoad.Tune;

/// <summary>A probe's run refused its input or could not reach the target: every later probe would too, so tune stops with its exit code.</summary>
internal sealed class TuneAbortedException(int exitCode, string message) : Exception(message)
{
    public int ExitCode { get; } = exitCode;
}
