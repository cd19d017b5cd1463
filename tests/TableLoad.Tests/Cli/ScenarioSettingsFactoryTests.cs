using System.Text.Json;
using TableLoad.Cli;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Tests.Cli;

/// <summary>A profile's scenarios read into settings: each scenario's own options over the shared ones, the run-wide options once, and run.json repeating them.</summary>
public sealed class ScenarioSettingsFactoryTests : IDisposable
{
    private static readonly DateTimeOffset Now = new(2026, 11, 28, 7, 0, 0, TimeSpan.Zero);
    private readonly string _folder = Directory.CreateTempSubdirectory("tableload-scenarios-").FullName;

    private const string Profile = """
        { "batch_size": 20, "tasks": 3, "duration": "7s", "key_prefix": "app",
          "scenarios": {
            "ingest": { "operation": "insert", "rate": 250 },
            "lookups": { "mix": "read:8,query:1,upsert-replace:1", "query_length": "2..5", "tasks": 2, "key_space": 40, "preload": true, "batch_size": 10 } } }
        """;

    [Fact]
    public void Scenarios_TakeTheirOwnOptions_OverTheShared_AndShareTheRunWideOnes()
    {
        var run = Settings(Write(Profile), ["--warmup", "0s"]);

        var scenarios = run.Scenarios.Items;
        Assert.Equal(["ingest", "lookups"], scenarios.Select(s => s.Name));
        var (ingest, lookups) = (scenarios[0], scenarios[1]);
        Assert.Equal((LoadOperations.Of(TableOperation.Insert), new LoadModel.Open(250, 3), 20, (int?)null, "app.ingest"), (ingest.Load.Operations, ingest.Load.Model, ingest.Load.Batching.Size, ingest.Load.KeySpace, ingest.Load.KeyPrefix));
        Assert.Equal(("read:8,query:1,upsert-replace:1", new LoadModel.Closed(2), 10, (int?)40, true, "app.lookups"),
            (lookups.Load.Operations.Text, lookups.Load.Model, lookups.Load.Batching.Size, lookups.Load.KeySpace, lookups.Load.Preload, lookups.Load.KeyPrefix));
        Assert.Equal((TimeSpan.FromSeconds(7), TimeSpan.Zero, 5), (run.Duration, run.Warmup, run.Tasks));
        Assert.Equal(["insert", "query", "read", "upsert-replace", "ingest", "ingest.insert", "lookups", "lookups.read", "lookups.query", "lookups.upsert-replace"], run.Slices);

        // Each load is the run's settings with its scenario's in place.
        var loads = run.Loads().ToList();
        Assert.Equal([("ingest", 3), ("lookups", 2)], loads.Select(l => (l.ScenarioName!, l.Tasks)));
        Assert.All(loads, l => Assert.Equal((run.Table, run.RunId, run.Duration), (l.Table, l.RunId, l.Duration)));
        Assert.Equal(run.Scenarios.Items, loads.Select(l => Assert.Single(l.Scenarios.Items)));
    }

    [Fact]
    public void RunJson_OfScenarios_ReadBackWithConfig_GivesTheSameScenarios()
    {
        var first = Settings(Write(Profile), ["--output", Path.Combine(_folder, "first")]);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, JsonSerializer.Serialize(RunDescription.Create(first, TestSupport.RunSummaries.Create(), Now, Now.AddMinutes(1)), ResultJson.Context.RunDescription));

        var repeat = Settings(runJson, []);

        Assert.Equal(first.Scenarios, repeat.Scenarios);
        Assert.Equal(
            first with { Table = repeat.Table, OutputDirectory = repeat.OutputDirectory, RunId = repeat.RunId },
            repeat with { Target = first.Target });
    }

    [Fact]
    public void AScenariosStages_StandForTheSharedDuration_AndRunJsonRepeatsThem()
    {
        var first = Settings(Write("""
            { "duration": "3s", "scenarios": { "ramp": { "tasks": 2, "stages": "1s:4,2s:4" }, "steady": { "tasks": 1 } } }
            """), ["--output", Path.Combine(_folder, "first")]);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, JsonSerializer.Serialize(RunDescription.Create(first, TestSupport.RunSummaries.Create(), Now, Now.AddMinutes(1)), ResultJson.Context.RunDescription));

        var repeat = Settings(runJson, []);

        var (ramp, steady) = (first.Scenarios!.Items[0], first.Scenarios.Items[1]);
        Assert.Equal((4, "1s:4,2s:4"), (ramp.Load.Model.Tasks, Assert.IsType<LoadModel.ClosedStages>(ramp.Load.Model).Plan.Text()));
        Assert.Equal(new LoadModel.Closed(1), steady.Load.Model);
        Assert.Equal((TimeSpan.FromSeconds(3), new LoadModel.Closed(5)), (first.Duration, first.Load.Model));
        Assert.Equal(first.Scenarios, repeat.Scenarios);
        Assert.Equal(first.Duration, repeat.Duration);
    }

    [Fact]
    public void CommandLine_OverridesEveryScenariosOption_AsItOverridesTheProfile()
    {
        var run = Settings(Write(Profile), ["--tasks", "4"]);

        Assert.All(run.Scenarios.Items, s => Assert.Equal(4, s.Load.Model.Tasks));
    }

    [Fact]
    public void AChildRunsCheck_ReadsItsProfilesScenarios_AsItsRunWill()
    {
        var errors = new UsageErrors();

        var child = ChildRunCheck.Validate(["--config", Write(Profile)], sentence => sentence, Now, errors, new Dictionary<string, string>(), _ => null);

        Assert.False(errors.Any);
        Assert.Equal(["ingest", "lookups"], child!.Scenarios!.Items.Select(s => s.Name));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private string Write(string profile)
    {
        var path = Path.Combine(_folder, "profile.json");
        File.WriteAllText(path, profile);
        return path;
    }

    private static RunSettings Settings(string profile, string[] args)
    {
        var options = new RunOptions();
        var command = options.CreateCommand();
        command.Add(TableLoadCli.Verbosity);
        var parse = command.Parse(["--config", profile, .. args]);
        var names = ScenarioProfile.Names(profile, options);
        return ScenarioSettingsFactory.Create(parse, options, names, Now, new Dictionary<string, string>(), _ => null).Settings;
    }
}
