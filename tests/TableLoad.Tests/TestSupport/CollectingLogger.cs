using Microsoft.Extensions.Logging;

namespace TableLoad.Tests.TestSupport;

/// <summary>Keeps what was logged, each with its level, as the plain console formatter would print it.</summary>
internal sealed class CollectingLogger : ILogger
{
    public List<(LogLevel Level, string Message)> Entries { get; } = [];

    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => true;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
        Entries.Add((logLevel, formatter(state, exception)));
}
