using System.CommandLine;
using TableLoad.Cli;
using TableLoad.Sweep;

namespace TableLoad.Tests.Cli;

/// <summary>Which run options reach sweep's cells and tune's probes is declared once, in <see cref="ChildRunOptions"/>.</summary>
public sealed class ChildRunOptionsTests
{
    private static readonly DateTimeOffset Now = new(2026, 11, 26, 9, 0, 0, TimeSpan.Zero);

    public static TheoryData<string> Commands => ["sweep", "tune"];

    private static Command Create(string name) => name == "sweep" ? SweepCommand.Create() : TuneCommand.Create();

    [Theory]
    [MemberData(nameof(Commands))]
    public void EveryRunOption_IsPassedThrough_OrSetByTheCommand_OrSetForEachChild_AndNoneTwice(string name)
    {
        var run = new RunOptions();
        var command = Create(name);

        // A run option the command declares no knob for would sit beside its own option of the same name.
        var names = command.Options.Select(o => o.Name).ToList();
        Assert.Equal(names.Distinct(StringComparer.Ordinal), names);
        var (passed, setByTheCommand) = name == "sweep"
            ? (new SweepOptions().PassThrough, new SweepOptions().KnobsOfRun.Concat(ChildRunOptions.JudgedBySweep(run)))
            : (new TuneOptions().PassThrough, new TuneOptions().Model.Concat(new TuneOptions().Searched).Concat(ChildRunOptions.RefusedByTune(run)));
        var declarations = new[] { passed, setByTheCommand, ChildRunOptions.SetForEachChild(run) }.Select(d => d.Select(o => o.Name).ToHashSet()).ToList();
        Assert.All(run.All, option => Assert.True(
            declarations.Count(d => d.Contains(option.Name)) == 1,
            $"{option.Name} must be exactly one of: passed to each {name} child, set by {name}, set for each child."));
    }

    [Fact]
    public void ACellsCommandLine_HoldsOnlyItsKnobs_TheOptionsSetForEachChild_AndThoseGiven()
    {
        var options = new SweepOptions();
        var command = new Command("sweep");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        var settings = SweepSettingsFactory.Create(command.Parse(["--tasks", "1,2", "--retries", "3", "--duration", "1s"]), options, Now, _ => null);
        var declared = options.KnobsOfRun.Concat(ChildRunOptions.SetForEachChild(options.Run)).Concat(options.PassThrough).Select(o => o.Name).ToHashSet();

        var args = CellArguments.For(settings, settings.Cells[0], "t1");

        Assert.All(args.Where(a => a.StartsWith("--", StringComparison.Ordinal)), a => Assert.Contains(a, declared));
        Assert.Contains("--retries", args);
        Assert.DoesNotContain(ChildRunOptions.SetForEachChild(options.Run).Select(o => o.Name), n => n is "--connection-string" or "--sas" && args.Contains(n));
    }
}
