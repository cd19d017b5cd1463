using System.Text.Json;
using System.Text.Json.Nodes;
using TableLoad.Cli;
using TableLoad.Reporting;
using TableLoad.Settings;

namespace TableLoad.Tests.Cli;

/// <summary>
/// run.json's <c>options</c> come from the same option declarations as --help and the settings: every
/// option is recorded under its own name, or is on the short list of what a repeat must not take from
/// an earlier run; and what is recorded, read back with <c>--config</c>, gives the same settings.
/// </summary>
public sealed class RunJsonRepeatTests : IDisposable
{
    // Options a run.json deliberately does not repeat, and why; a new option must be recorded or named here.
    private static readonly Dictionary<string, string[]> NotRecordedBecause = new()
    {
        ["a secret"] = ["connection_string", "sas"],
        ["it goes with the target, which a repeat is given anew"] = ["auth"],
        ["the profile itself"] = ["config"],
        ["recorded as its effect on batches"] = ["max_entities"],
        ["that run's identity, beside the options (a label is carried on from there)"] = ["run_id", "instance", "label"],
        ["how the run is shown, not what it loads"] = ["quiet", "per_process", "report", "otlp_endpoint", "service_log"],
    };

    private static readonly HashSet<string> NotRecorded = [.. NotRecordedBecause.Values.SelectMany(keys => keys)];

    private static readonly DateTimeOffset Now = new(2026, 11, 24, 7, 0, 0, TimeSpan.Zero);
    private readonly string _folder = Directory.CreateTempSubdirectory("tableload-repeat-").FullName;

    [Fact]
    public void EveryRunOption_IsRecordedUnderItsName_OrIsSaidWhyNot()
    {
        var options = new RunOptions();
        var recorded = RunJsonOptions(Settings(options, [])).Select(p => p.Key).ToHashSet();

        foreach (var option in options.All)
        {
            var key = OptionLayers.Key(option);
            Assert.True(
                recorded.Contains(key) ^ NotRecorded.Contains(key),
                $"{option.Name}: run.json must either record it under its own name ('{key}') or this test must say why not, and not both.");
        }
    }

    [Fact]
    public void RunJson_ReadBackWithConfig_GivesTheSameSettings_ButForWhatWasThatRunsAlone()
    {
        var options = new RunOptions();
        string[] everyOptionChanged =
        [
            "--sdk-diagnostics", "--runtime", "defaults", "--account", "devstoreaccount1", "--allow-existing-table", "--table", "repeatme",
            "--keep-table", "--batch-size", "40", "--entity-size", "2000", "--properties", "4", "--partitions", "spread:3", "--key-prefix", "rp",
            "--tasks", "3", "--processes", "2", "--rate", "1234.5", "--duration", "95s", "--batches", "77", "--warmup", "2.5s", "--timeout", "7s",
            "--retries", "4", "--label", "again", "--verify", "--no-batch-log", "--batch-log-buffer", "999", "--output", Path.Combine(_folder, "first"),
            "--fail-if", "p99<2s,eps>=10", "--junit", Path.Combine(_folder, "gates.xml"),
            "--abort-if", "eps<0.5*target for 5s", "--abort-if", "p99>2s for 10s",
        ];
        var first = Settings(options, everyOptionChanged);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, JsonSerializer.Serialize(RunDescription.Create(first, TestSupport.RunSummaries.Create(), Now, Now.AddMinutes(2)), ResultJson.Context.RunDescription));

        var repeat = Settings(options, ["--config", runJson]);

        Assert.Equal(
            first with { Table = repeat.Table, OutputDirectory = repeat.OutputDirectory, RunId = repeat.RunId },
            repeat with { Target = first.Target });
        Assert.NotEqual(first.Table, repeat.Table);
        Assert.NotEqual(first.OutputDirectory, repeat.OutputDirectory);
    }

    [Theory]
    [InlineData("--tasks", "2", "1s:4,2s:4,1.5s:0")]
    [InlineData("--rate", "150.5", "1m:2000,30s:2000,1h:0.5")]
    [InlineData("--rate", "15rps", "1m:200rps,30s:200rps,1h:0.5rps")]
    public void RunJson_OfAStagedRun_ReadBackWithConfig_GivesTheSamePlan_AndNoDuration(string start, string value, string stages)
    {
        var options = new RunOptions();
        var first = Settings(options, [start, value, "--stages", stages, "--output", Path.Combine(_folder, "first")]);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, JsonSerializer.Serialize(RunDescription.Create(first, TestSupport.RunSummaries.Create(), Now, Now.AddMinutes(2)), ResultJson.Context.RunDescription));

        var recorded = RunJsonOptions(first);
        var repeat = Settings(options, ["--config", runJson]);

        Assert.Equal(stages, recorded["stages"]!.GetValue<string>());
        Assert.False(recorded.ContainsKey("duration"));
        Assert.True(repeat.Load.Model.Staged);
        Assert.Equal(
            first with { Table = repeat.Table, OutputDirectory = repeat.OutputDirectory, RunId = repeat.RunId },
            repeat with { Target = first.Target });
    }

    [Theory]
    [InlineData(typeof(LoadModel.Closed), new[] { "--tasks", "3" })]
    [InlineData(typeof(LoadModel.Open), new[] { "--tasks", "3", "--rate", "250.5" })]
    [InlineData(typeof(LoadModel.ClosedStages), new[] { "--tasks", "2", "--stages", "1s:4,2s:0" })]
    [InlineData(typeof(LoadModel.OpenStages), new[] { "--tasks", "3", "--rate", "100", "--stages", "1s:200,2s:50" })]
    [InlineData(typeof(LoadModel.Open), new[] { "--tasks", "3", "--rate", "250.5rps", "--mix", "read:80,upsert-replace:20", "--batch-size", "10", "--key-space", "20", "--preload" })]
    [InlineData(typeof(LoadModel.OpenStages), new[] { "--tasks", "3", "--rate", "10rps", "--batch-size", "7", "--stages", "1s:20,2s:5rps" })]
    public void RunJson_OfEachLoadModel_ReadBackWithConfig_GivesTheSameModel_AndSettings(Type model, string[] load)
    {
        var options = new RunOptions();
        var first = Settings(options, [.. load, "--output", Path.Combine(_folder, "first")]);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, JsonSerializer.Serialize(RunDescription.Create(first, TestSupport.RunSummaries.Create(), Now, Now.AddMinutes(2)), ResultJson.Context.RunDescription));

        var repeat = Settings(options, ["--config", runJson]);

        Assert.IsType(model, first.Load.Model);
        Assert.Equal(first.Load.Model, repeat.Load.Model);
        Assert.Equal(
            first with { Table = repeat.Table, OutputDirectory = repeat.OutputDirectory, RunId = repeat.RunId },
            repeat with { Target = first.Target });
    }

    [Theory]
    [InlineData("25", "25")]
    [InlineData("1..100", "\"1..100\"")]
    public void RunJson_RecordsAQueryLength_ANumberAsBeforeRanges_ARangeAsText_AndConfigReadsBothBack(string length, string json)
    {
        var options = new RunOptions();
        var first = Settings(options, ["--operation", "query", "--key-space", "200", "--preload", "--query-length", length, "--output", Path.Combine(_folder, "first")]);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, JsonSerializer.Serialize(RunDescription.Create(first, TestSupport.RunSummaries.Create(), Now, Now.AddMinutes(2)), ResultJson.Context.RunDescription));

        var repeat = Settings(options, ["--config", runJson]);

        Assert.Equal(json, RunJsonOptions(first)["query_length"]!.ToJsonString());
        Assert.Equal(first.Load.Query, repeat.Load.Query);
    }

    [Theory]
    [InlineData("5600", "5600")]
    [InlineData("5600eps", "5600")]
    [InlineData("2000rps", "\"2000rps\"")]
    public void RunJson_RecordsTheRate_InTheUnitGiven_ANumberForEntitiesAsBefore_AndConfigReadsBothBack(string rate, string json)
    {
        var options = new RunOptions();
        var first = Settings(options, ["--rate", rate, "--mix", "read:80,upsert-replace:20", "--batch-size", "10", "--key-space", "20", "--preload", "--output", Path.Combine(_folder, "first")]);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, JsonSerializer.Serialize(RunDescription.Create(first, TestSupport.RunSummaries.Create(), Now, Now.AddMinutes(2)), ResultJson.Context.RunDescription));

        var repeat = Settings(options, ["--config", runJson]);

        Assert.Equal(json, RunJsonOptions(first)["rate"]!.ToJsonString());
        Assert.Equal(5600, first.Load.Model.Rate!.Value, 9);
        Assert.Equal(first.Load.Model, repeat.Load.Model);
    }

    [Fact]
    public void RunJson_OfAnEarlierTableLoad_WithItsRateANumber_ReadsBackAsEntitiesPerSecond()
    {
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, """{"options": {"rate": 1234.5, "batch_size": 10}}""");

        var repeat = Settings(new RunOptions(), ["--config", runJson]);

        Assert.Equal(new LoadModel.Open(1234.5, 12), repeat.Load.Model);
        Assert.Equal(RateTarget.Entities(1234.5), RecordedRunOptions.Of(repeat).Rate);
    }

    [Fact]
    public void RunJson_RecordsDurations_InTheOptionsOwnSyntax()
    {
        var recorded = RunJsonOptions(Settings(new RunOptions(), ["--duration", "95s", "--warmup", "2.5s", "--timeout", "1m", "--no-batch-log"]));

        Assert.Equal("95s", recorded["duration"]!.GetValue<string>());
        Assert.Equal("2.5s", recorded["warmup"]!.GetValue<string>());
        Assert.Equal("1m", recorded["timeout"]!.GetValue<string>());
        Assert.True(recorded["no_batch_log"]!.GetValue<bool>());
        Assert.False(recorded.ContainsKey("warmup_s"));
    }

    [Fact]
    public void RunJson_WrittenBeforeOptionsWereRecordedUnderTheirNames_StillGivesItsWarmup()
    {
        var old = JsonSerializer.Deserialize("""{ "account": "a", "endpoint": "http://127.0.0.1:1/a", "warmup_s": 2.5, "duration_s": 3 }""", ResultJson.Context.RecordedRunOptions)!;

        Assert.Equal(TimeSpan.FromSeconds(2.5), old.WarmupTime());
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private static RunSettings Settings(RunOptions options, string[] args)
    {
        var command = options.CreateCommand();
        command.Add(TableLoadCli.Verbosity);
        var parse = RunProfile.Apply(command.Parse(args), options, new Dictionary<string, string>());
        Assert.Empty(parse.Errors);
        return RunSettingsFactory.Create(parse, options, Now, _ => null);
    }

    private static JsonObject RunJsonOptions(RunSettings settings) =>
        JsonSerializer.SerializeToNode(RecordedRunOptions.Of(settings), ResultJson.Context.RecordedRunOptions)!.AsObject();
}
