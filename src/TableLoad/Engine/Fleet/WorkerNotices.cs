using Microsoft.Extensions.Logging;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// A worker's log: its warnings and errors go to the coordinator as notice lines, and the coordinator says
/// them on its own stderr under the worker's name; the worker's stderr is only quoted when it fails.
/// </summary>
internal sealed class WorkerNotices(WorkerChannel channel) : ILogger
{
    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Warning && logLevel != LogLevel.None;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
    {
        if (IsEnabled(logLevel))
        {
            channel.Send(new NoticeMessage(logLevel, formatter(state, exception)));
        }
    }
}
