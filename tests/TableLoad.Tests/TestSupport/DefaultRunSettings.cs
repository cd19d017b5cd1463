using TableLoad.Cli;
using TableLoad.Settings;

namespace TableLoad.Tests.TestSupport;

/// <summary>The settings of a plain <c>tableload run</c>: every value from the options' own declared defaults.</summary>
internal static class DefaultRunSettings
{
    public static RunSettings Create()
    {
        var options = new RunOptions();
        return RunSettingsFactory.Create(options.CreateCommand().Parse([]), options, DateTimeOffset.UtcNow, _ => null);
    }
}
