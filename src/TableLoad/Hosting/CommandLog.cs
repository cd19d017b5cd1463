using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace TableLoad.Hosting;

/// <summary>The one logger a command speaks through; its category is never printed (see <see cref="PlainConsoleFormatter"/>).</summary>
internal static class CommandLog
{
    public static ILogger Of(IServiceProvider provider) => provider.GetRequiredService<ILoggerFactory>().CreateLogger("tableload");
}
