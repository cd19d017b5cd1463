using Microsoft.Extensions.Logging;

namespace TableLoad.Hosting;

/// <summary>How much a command says on stderr (<c>--verbosity</c>); the results on stdout are the same at every level.</summary>
internal enum Verbosity
{
    /// <summary>Warnings and errors only: no progress lines, no notices.</summary>
    Quiet,

    /// <summary>Progress and notices as well.</summary>
    Normal,

    /// <summary>Also how the command was set up and how long each phase took.</summary>
    Detailed,
}

internal static class VerbosityLevels
{
    public static LogLevel MinimumLevel(this Verbosity verbosity) => verbosity switch
    {
        Verbosity.Quiet => LogLevel.Warning,
        Verbosity.Normal => LogLevel.Information,
        Verbosity.Detailed => LogLevel.Debug,
    };
}
