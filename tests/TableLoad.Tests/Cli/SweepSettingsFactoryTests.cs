using System.CommandLine;
using TableLoad.ChildRuns;
using TableLoad.Cli;
using TableLoad.Settings;
using TableLoad.Sweep;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Cli;

public sealed class SweepSettingsFactoryTests
{
    private static readonly DateTimeOffset FixedNow = new(2024, 3, 5, 14, 7, 9, TimeSpan.FromHours(2));

    private const string Key = "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM=";
    private const string Connection = $"AccountName=acct;AccountKey={Key};TableEndpoint=http://127.0.0.1:9999/acct";

    private static SweepSettings Create(string[] args, Func<string, string?>? environment = null, Dictionary<string, string>? variables = null)
    {
        var options = new SweepOptions();
        var command = new Command("sweep");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        var parse = command.Parse(args);
        Assert.Empty(parse.Errors);
        return SweepSettingsFactory.Create(parse, options, FixedNow, environment ?? (_ => null), variables);
    }

    private static UsageException Refuse(params string[] args) => Assert.Throws<UsageException>(() => Create(args));

    private static void AssertOneSentence(UsageException refusal, string names)
    {
        Assert.DoesNotContain('\n', refusal.Message);
        Assert.EndsWith(".", refusal.Message, StringComparison.Ordinal);
        Assert.Contains(names, refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Create_NoOptions_IsOneCellWithRunsDefaults()
    {
        var settings = Create([]);

        var run = DefaultRunSettings.Create();
        var cell = Assert.Single(settings.Cells);
        Assert.Equal(new SweepCell(run.Client, run.Processes, run.Tasks, run.Load.BatchSize, EntityShape.OfSize(run.Load.EntitySize), run.Load.Partitions.ToString()!, CellLoad.Of(run.Load.Model.GivenRate(run.Load.EntitiesPerRequest)), 1), cell);
        Assert.Equal(TimeSpan.Zero, settings.Cooldown);
        Assert.Null(settings.StopWhenThrottledPercent);
        Assert.Equal(Path.Combine("results", "sweep-20240305-120709"), settings.OutputDirectory);
        Assert.Equal(TimeSpan.FromSeconds(65), settings.CellTime);
    }

    [Fact]
    public void Create_Mix_NamesEveryCellsOperationMix_AndGivesNoCellAnOperation()
    {
        var settings = Create(["--mix", "read:80,upsert-replace:20", "--key-space", "100", "--preload", "--tasks", "1,2"]);

        Assert.All(settings.Cells, c => Assert.Equal(CellWorkload.Mix, c.Workload));
        Assert.Equal(["sdk-mix-p1-t1-b100-e1024-single-r1", "sdk-mix-p1-t2-b100-e1024-single-r1"], settings.Cells.Select(c => c.Name));
        Assert.All(settings.Cells, c => Assert.DoesNotContain("--operation", CellArguments.For(settings, c, "t")));
    }

    [Fact]
    public void Create_MixBesideAnOperationList_IsRefused()
    {
        var refusal = Refuse("--mix", "read:80,upsert-replace:20", "--key-space", "100", "--preload", "--operation", "insert,upsert-replace");

        AssertOneSentence(refusal, "--mix names each cell's operations: give --mix or --operation, not both.");
    }

    [Fact]
    public void Create_CloseRounds_IsZeroByDefault_AndOneIsRefused()
    {
        Assert.Equal(0, Create([]).CloseRounds);
        Assert.Equal(3, Create(["--close-rounds", "3"]).CloseRounds);
        AssertOneSentence(Refuse("--close-rounds", "1"), "--close-rounds must be 0 (no rounds) or at least 2, not 1");
    }

    [Fact]
    public void Create_Lists_ExpandToTheGrid()
    {
        var settings = Create(["--tasks", "1,2", "--batch-size", "10,20", "--repeat", "2"]);

        Assert.Equal(
            ["sdk-p1-t1-b10-e1024-single-r1", "sdk-p1-t1-b20-e1024-single-r1", "sdk-p1-t2-b10-e1024-single-r1", "sdk-p1-t2-b20-e1024-single-r1",
             "sdk-p1-t1-b10-e1024-single-r2", "sdk-p1-t1-b20-e1024-single-r2", "sdk-p1-t2-b10-e1024-single-r2", "sdk-p1-t2-b20-e1024-single-r2"],
            settings.Cells.Select(c => c.Name));
    }

    [Theory]
    [InlineData("--tasks", "4,0", "--tasks must be between 1 and 10000, not 0.")]
    [InlineData("--batch-size", "10,101", "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 101.")]
    [InlineData("--entity-size", "0,1024", "--entity-size must be between 1 and 1048576 bytes (an entity holds at most 1 MiB), not 0.")]
    [InlineData("--rate", "1000,2000000000", "--rate must be greater than 0 and at most 1000000000 entities per second, not 2000000000.")]
    public void Create_KnobValueRunWouldRefuse_IsRefusedWithRunsSentence(string option, string list, string expected)
    {
        var refusal = Refuse(option, list);

        Assert.Equal(expected, refusal.Message);
    }

    [Fact]
    public void Create_CombinationRunWouldRefuse_IsRefusedBeforeAnyCellRuns()
    {
        // 100 entities of 64 KiB fit no 4 MiB batch, though each value is fine alone.
        var refusal = Refuse("--batch-size", "10,100", "--entity-size", "1024,65536", "--properties", "8");

        AssertOneSentence(refusal, "sdk-p1-t12-b100-e65536-single-r1");
        Assert.Contains("4 MiB", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Create_Operations_AreAKnob_AndTheKeySpaceGoesToEveryCell()
    {
        var settings = Create(["--operation", "upsert-replace,Upsert-Merge", "--key-space", "500"]);

        Assert.Equal(["upsert-replace", "upsert-merge"], settings.Cells.Select(c => c.Workload.Text));
        Assert.All(settings.Cells, c => Assert.Contains("--key-space 500", string.Join(' ', CellArguments.For(settings, c, null)), StringComparison.Ordinal));
    }

    [Fact]
    public void Create_AnInsertCellWithAKeySpace_IsRefusedWithRunsSentence_NamingTheCell() =>
        Assert.Equal(
            "--key-space goes with --operation upsert-replace, upsert-merge, read, query, delete or read-modify-write: the service refuses an insert of a key that exists (409 EntityAlreadyExists) (in cell sdk-p1-t12-b100-e1024-single-r1).",
            Refuse("--operation", "insert,upsert-merge", "--key-space", "500").Message);

    [Fact]
    public void Create_BadConstantRunOption_IsRefusedWithRunsSentence()
    {
        var refusal = Refuse("--duration", "soon");

        AssertOneSentence(refusal, "--duration 'soon'");
    }

    [Fact]
    public void Create_EverySweepFault_EveryRefusedKnobValue_AndTheFirstRefusedCellsFaults_AreSaidAtOnce()
    {
        var refusal = Refuse("--repeat", "0", "--stop-when-throttled", "lots", "--tasks", "4,0", "--retries", "500");

        Assert.Equal(
            [
                "--tasks must be between 1 and 10000, not 0.",
                "--repeat must be between 1 and 1000, not 0.",
                "--stop-when-throttled must be a percentage from 0 to 100 such as 5%, not 'lots'.",
                "--retries must be between 0 and 100, not 500.",
            ],
            refusal.Message.Split(Environment.NewLine));
    }

    [Fact]
    public void Create_ACellsProfile_AndTheVariablesItInherits_AreJudgedBeforeAnyCellRuns()
    {
        var profile = Path.GetTempFileName();
        try
        {
            File.WriteAllText(profile, """{ "retries": 500 }""");
            var fromProfile = Refuse("--config", profile);
            var fromVariable = Assert.Throws<UsageException>(() => Create([], variables: new Dictionary<string, string> { ["TABLELOAD_WARMUP"] = "soon" }));

            Assert.Equal("--retries must be between 0 and 100, not 500.", fromProfile.Message);
            Assert.StartsWith("--warmup 'soon' is not a duration", fromVariable.Message, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(profile);
        }
    }

    [Theory]
    [InlineData("--repeat", "0", "--repeat")]
    [InlineData("--cooldown", "a while", "--cooldown")]
    [InlineData("--stop-when-throttled", "lots", "--stop-when-throttled")]
    [InlineData("--stop-when-throttled", "150%", "--stop-when-throttled")]
    [InlineData("--tasks", "4,4", "--tasks")]
    [InlineData("--partitions", "single,diagonal", "--partitions")]
    public void Create_BadSweepOption_IsOneSentenceNamingIt(string option, string value, string named)
    {
        AssertOneSentence(Refuse(option, value), named);
    }

    [Fact]
    public void Create_ResumeWithoutOutput_IsRefused()
    {
        AssertOneSentence(Refuse("--resume"), "--resume needs the --output");
    }

    [Theory]
    [InlineData("5%", 5.0)]
    [InlineData("2.5", 2.5)]
    [InlineData(" 0 % ", 0.0)]
    public void Create_StopWhenThrottled_ReadsAPercentage(string text, double expected)
    {
        Assert.Equal(expected, Create(["--stop-when-throttled", text]).StopWhenThrottledPercent);
    }

    [Fact]
    public void Create_ConstantRunOptions_ArePassedToEveryCell_InTheirCanonicalSpelling()
    {
        var settings = Create(["--duration", "1s", "--warmup", "0s", "--verify", "--retries", "2"]);

        Assert.Equal(["--duration 1s", "--retries 2", "--verify", "--warmup 0s"], Options(settings.RunArguments));
    }

    // "--name value" or "--name" per option, sorted: the order of run's options is not the point.
    private static IEnumerable<string> Options(IReadOnlyList<string> args) =>
        string.Join(' ', args).Split(" --").Select(o => o.StartsWith("--", StringComparison.Ordinal) ? o : "--" + o).Order(StringComparer.Ordinal);

    [Fact]
    public void CellArguments_NameTheCellsKnobs_OutputAndLabel_AndAFreshTable()
    {
        var settings = Create(["--tasks", "4,12", "--rate", "1000", "--output", "out", "--duration", "1s"]);
        var cell = settings.Cells[1];

        var args = CellArguments.For(settings, cell, "tableload20240305120709c0002");

        Assert.Equal(
            ["run", "--client", "sdk", "--runtime", "tuned", "--operation", "insert", "--processes", "1", "--tasks", "12", "--batch-size", "100", "--entity-size", "1024", "--partitions", "single", "--rate", "1000",
             "--duration", "1s", "--table", "tableload20240305120709c0002", "--output", Path.Combine("out", cell.Name), "--label", cell.Name, "--quiet"],
            args);
    }

    [Fact]
    public void EveryKnob_IsAnOptionOfRun_WhichParsesEveryCellsCommandLine()
    {
        var run = new RunOptions().CreateCommand();
        var settings = Create(["--client", "sdk,wire", "--processes", "1,2", "--tasks", "4", "--batch-size", "10", "--entity-size", "512", "--partitions", "per-task", "--rate", "100", "--output", "out"]);

        Assert.All(Enum.GetValues<SweepKnob>(), knob => Assert.Contains(run.Options, o => o.Name == knob.OptionName()));
        Assert.All(settings.Cells, cell => Assert.Empty(run.Parse(CellArguments.For(settings, cell, "t").Skip(1).ToArray()).Errors));
    }

    [Fact]
    public void CellArguments_NeverHoldTheConnectionString_FromTheOptionOrTheEnvironment()
    {
        var fromOption = Create(["--connection-string", Connection, "--tasks", "1,2"]);
        var fromEnvironment = Create(["--tasks", "1,2"], name => name == SecretVariables.ConnectionString ? Connection : null);

        foreach (var settings in new[] { fromOption, fromEnvironment })
        {
            Assert.Equal(Connection, settings.ConnectionString!.Reveal());
            Assert.DoesNotContain(settings.ToString(), Key, StringComparison.Ordinal);
            foreach (var cell in settings.Cells)
            {
                var args = string.Join(' ', CellArguments.For(settings, cell, "t"));
                Assert.DoesNotContain(Key, args, StringComparison.Ordinal);
                Assert.DoesNotContain("--connection-string", args, StringComparison.Ordinal);
            }
        }
    }

    [Fact]
    public void Create_GivenTable_IsSharedByEveryCell_AndKept()
    {
        var settings = Create(["--table", "shared", "--tasks", "1,2"]);

        var args = CellArguments.For(settings, settings.Cells[0], "tableload20240305120709c0001");

        Assert.Equal("shared", settings.Table);
        Assert.Equal(["--table", "shared", "--keep-table"], settings.RunArguments);
        Assert.DoesNotContain("tableload20240305120709c0001", args);
    }

    [Fact]
    public void FreshName_DiffersForChildrenStartingInTheSameSecond_AndIsAValidName()
    {
        var first = ChildTable.FreshName(FixedNow, 1);
        var second = ChildTable.FreshName(FixedNow, 2);

        Assert.NotEqual(first, second);
        Assert.Matches("^[A-Za-z][A-Za-z0-9]{2,62}$", first);
        Assert.StartsWith("tableload20240305120709", first, StringComparison.Ordinal);
    }
}
