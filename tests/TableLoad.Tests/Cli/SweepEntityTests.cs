using System.CommandLine;
using TableLoad.Cli;
using TableLoad.Settings;
using TableLoad.Sweep;

namespace TableLoad.Tests.Cli;

/// <summary><c>sweep --entity FILE</c>: the sample is a run option every cell is given (and sweep.json records), not a knob.</summary>
public sealed class SweepEntityTests : IDisposable
{
    private static readonly DateTimeOffset Now = new(2026, 11, 24, 7, 0, 0, TimeSpan.Zero);
    private readonly string _folder = Directory.CreateTempSubdirectory("tableload-sweep-entity-").FullName;

    private static SweepSettings Create(params string[] args)
    {
        var options = new SweepOptions();
        var command = new Command("sweep");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        return SweepSettingsFactory.Create(command.Parse(args), options, Now, _ => null);
    }

    private string Sample()
    {
        var path = Path.Combine(_folder, "sample.json");
        File.WriteAllText(path, """{"Name": "Ada", "Count": 5}""");
        return path;
    }

    [Fact]
    public void Sweep_WithEntity_GivesEveryCellTheSample_AndNoEntitySize()
    {
        var file = Sample();

        var settings = Create("--entity", file, "--tasks", "1,2", "--duration", "1s");

        Assert.All(settings.Cells, cell =>
        {
            var args = CellArguments.For(settings, cell, "t1");
            Assert.DoesNotContain("--entity-size", args);
            Assert.Equal(file, args[args.ToList().IndexOf("--entity") + 1]);
            Assert.Contains("-entity-", cell.Name, StringComparison.Ordinal);
        });
        Assert.Equal(["--entity", file], SweepDescription.Create(settings).RunArguments.Take(2));
    }

    [Fact]
    public void Sweep_WithEntityAndAnEntitySizeList_IsRefusedAsContradicting()
    {
        var file = Sample();

        var refusal = Assert.Throws<UsageException>(() => Create("--entity", file, "--entity-size", "1024,4096"));

        Assert.Equal($"--entity-size contradicts --entity {file}, whose properties make every cell's entity: give one or the other.", refusal.Message);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
