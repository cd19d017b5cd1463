using System.CommandLine;
using TableLoad.Cli;
using TableLoad.Sweep;

namespace TableLoad.Tests.Cli;

/// <summary>--operation is part of the load tune tunes: given to every probe once, through the probe cell.</summary>
public sealed class TuneOperationTests
{
    [Fact]
    public void Create_Operation_IsTheModelsAndEveryProbeSaysItOnce()
    {
        var options = new TuneOptions();
        var command = new Command("tune");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        var settings = TuneSettingsFactory.Create(
            command.Parse(["--operation", "Upsert-Merge", "--key-space", "500", "--output", "out"]), options, DateTimeOffset.UtcNow, _ => null);

        Assert.Equal("upsert-merge", settings.Model.Workload.Text);
        var args = CellArguments.For(settings.Probes, settings.Model, null);
        Assert.Single(args, a => a == "--operation");
        Assert.Contains("--operation upsert-merge", string.Join(' ', args), StringComparison.Ordinal);
        Assert.Contains("--key-space 500", string.Join(' ', args), StringComparison.Ordinal);
    }
}
