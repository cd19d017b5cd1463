using System.CommandLine;
using TableLoad.Cli;
using TableLoad.Tune;

namespace TableLoad.Tests.TestSupport;

/// <summary>A tune command line made into settings as <c>tableload tune</c> makes them (no secrets in the environment).</summary>
internal static class TuneArguments
{
    public static TuneSettings Settings(DateTimeOffset now, params string[] args)
    {
        var options = new TuneOptions();
        var command = new Command("tune");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        var parse = command.Parse(args);
        Assert.Empty(parse.Errors);
        return TuneSettingsFactory.Create(parse, options, now, _ => null);
    }
}
