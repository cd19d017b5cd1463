using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Logging.Console;

namespace TableLoad.Hosting;

/// <summary>
/// Writes each message as the one sentence it is: no level, category or event id in front, so what a
/// user reads on stderr is the sentence itself, and a script can match it.
/// </summary>
internal sealed class PlainConsoleFormatter() : ConsoleFormatter(FormatterName)
{
    public const string FormatterName = "tableload-plain";

    public override void Write<TState>(in LogEntry<TState> logEntry, IExternalScopeProvider? scopeProvider, TextWriter textWriter)
    {
        var message = logEntry.Formatter(logEntry.State, logEntry.Exception);
        if (!string.IsNullOrEmpty(message))
        {
            textWriter.WriteLine(message);
        }
    }
}
