using Microsoft.Extensions.Logging;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// A worker's log: its warnings and errors go to the coordinator as notice lines, which says them on its
/// own stderr with the worker's name. A worker's stderr is only quoted when the worker fails.
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
            channel.Send(new WorkerMessage(WorkerMessage.NoticeType) { Level = logLevel, Message = formatter(state, exception) });
        }
    }
}
