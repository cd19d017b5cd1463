using TableLoad.Cli;
using TableLoad.Engine;
using TableLoad.Settings;

namespace TableLoad.Tests.Cli;

/// <summary>--max-preload: a preload's total is its key space for every task, process and partition, and a total over the bound is refused.</summary>
public sealed class PreloadBoundTests
{
    private static readonly DateTimeOffset Now = new(2026, 11, 24, 7, 0, 0, TimeSpan.Zero);

    private static RunSettings Create(params string[] args)
    {
        var options = new RunOptions();
        var parse = options.CreateCommand().Parse(args);
        Assert.Empty(parse.Errors);
        return RunSettingsFactory.Create(parse, options, Now, _ => null);
    }

    [Fact]
    public void Preload_CountsTheKeySpaceForEveryTaskProcessAndPartition()
    {
        var settings = Create("--operation", "read", "--preload", "--key-space", "1000", "--tasks", "3", "--processes", "2", "--partitions", "spread:4");

        // spread:4 over 3 tasks: each task writes all 4 partitions.
        Assert.Equal(1000L * 3 * 2 * 4, Preload.EntitiesOf(settings));
        Assert.Equal(RunOptions.DefaultMaxPreload, settings.MaxPreload);
    }

    [Fact]
    public void Preload_OverTheDefaultBound_IsRefused_NamingTheTotalAndTheOption()
    {
        var refusal = Assert.Throws<UsageException>(() => Create("--operation", "read", "--preload", "--key-space", "2000000", "--tasks", "12"));

        Assert.Equal(
            "--preload would write 24000000 entities (--key-space 2000000 for each of 12 tasks), over the bound of 1000000: give --max-preload 24000000 to write them, or a smaller --key-space.",
            refusal.Message);
    }

    [Fact]
    public void Preload_UpToARaisedBound_IsAccepted()
    {
        var settings = Create("--operation", "read", "--preload", "--key-space", "2000000", "--tasks", "12", "--max-preload", "24000000");

        Assert.Equal(24_000_000, settings.MaxPreload);
    }

    [Fact]
    public void NoPreload_IsNotBounded_WhateverTheKeySpace()
    {
        var settings = Create("--operation", "read", "--key-space", "2000000", "--tasks", "12", "--allow-existing-table");

        Assert.Equal(0, Preload.EntitiesOf(settings));
    }
}
