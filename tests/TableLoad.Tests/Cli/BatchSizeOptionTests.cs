using System.Collections;
using System.Text.Json;
using TableLoad.Cli;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Cli;

/// <summary>
/// <c>--batch-size none</c>: each write its own request, one entity a request, from the command line, a profile, TABLELOAD_BATCH_SIZE and
/// a past run's run.json alike; a number is a transaction's size as before; anything else is refused in one sentence that names none.
/// </summary>
public sealed class BatchSizeOptionTests : IDisposable
{
    private static readonly DateTimeOffset Now = new(2026, 11, 24, 7, 0, 0, TimeSpan.Zero);
    private readonly string _folder = Directory.CreateTempSubdirectory("batch-size-").FullName;

    [Theory]
    [InlineData("none")]
    [InlineData("NONE")]
    public void Create_None_SendsEachWriteByItself_OneEntityARequest(string none)
    {
        var settings = Create(["--batch-size", none, "--operation", "upsert-replace"]);

        Assert.Equal((Batching.None, WriteForm.Single, 1, 1.0), (settings.Load.Batching, settings.Load.Batching.Form, settings.Load.BatchSize, settings.Load.EntitiesPerRequest));
    }

    [Fact]
    public void Create_ANumber_IsATransactionOfThatSize_AsBefore()
    {
        var settings = Create(["--batch-size", "25"]);

        Assert.Equal((WriteForm.Transaction, 25), (settings.Load.Batching.Form, settings.Load.BatchSize));
    }

    [Theory]
    [InlineData("0", "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 0.")]
    [InlineData("101", "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 101.")]
    [InlineData("single", "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 'single'.")]
    [InlineData("1.5", "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not '1.5'.")]
    public void Create_ZeroTooManyOrNotANumber_IsRefusedInOneSentence_NamingNone(string value, string sentence)
    {
        var refusal = Assert.Throws<UsageException>(() => Create(["--batch-size", value]));

        Assert.Equal(sentence, refusal.Message);
    }

    [Fact]
    public void Create_NoneFromAProfile_OrTheEnvironment_IsSingleWrites_AndANumberInAProfileStillATransaction()
    {
        var profile = Path.Combine(_folder, "profile.json");
        File.WriteAllText(profile, """{"batch_size": "none", "operation": "insert"}""");
        var numbers = Path.Combine(_folder, "numbers.json");
        File.WriteAllText(numbers, """{"batch_size": 50}""");

        Assert.Equal(Batching.None, Create(["--config", profile]).Load.Batching);
        Assert.Equal(Batching.None, Create([], new Hashtable { ["TABLELOAD_BATCH_SIZE"] = "none" }).Load.Batching);
        Assert.Equal(Batching.Of(50), Create(["--config", numbers]).Load.Batching);
    }

    [Fact]
    public void Create_NoneFromTheEnvironment_WhenRefused_SaysWhereItCameFrom()
    {
        var refusal = Assert.Throws<UsageException>(() => Create([], new Hashtable { ["TABLELOAD_BATCH_SIZE"] = "0" }));

        Assert.Contains("--batch-size must be none or between 1 and 100", refusal.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("ycsb-a")]
    [InlineData("ycsb-d")]
    [InlineData("ycsb-f")]
    public void Create_YcsbPreset_SendsSingleWrites_AsYcsbDoes_UnlessABatchSizeIsGiven(string preset)
    {
        string[] load = ["--workload", preset, "--key-space", "100", "--preload"];

        Assert.Equal(Batching.None, Create(load).Load.Batching);
        Assert.Equal(Batching.Of(10), Create([.. load, "--batch-size", "10"]).Load.Batching);
    }

    [Theory]
    [InlineData("none", "\"none\"")]
    [InlineData("40", "40")]
    public void RunJson_RecordsNoneAsText_ANumberAsANumber_AndConfigReadsBothBack(string batchSize, string json)
    {
        var first = Create(["--batch-size", batchSize, "--operation", "upsert-merge", "--output", Path.Combine(_folder, "first")]);
        var runJson = Path.Combine(_folder, ResultFiles.RunJson);
        File.WriteAllText(runJson, JsonSerializer.Serialize(RunDescription.Create(first, RunSummaries.Create(), Now, Now.AddMinutes(2)), ResultJson.Context.RunDescription));

        var repeat = Create(["--config", runJson]);

        Assert.Equal(json, JsonSerializer.SerializeToNode(RecordedRunOptions.Of(first), ResultJson.Context.RecordedRunOptions)!["batch_size"]!.ToJsonString());
        Assert.Equal(first.Load.Batching, repeat.Load.Batching);
    }

    [Theory]
    [InlineData("none", "single upsert-replace")]
    [InlineData("100", "batches of 100 upsert-replace")]
    public void ResultTable_SaysWhatTheRequestsWere(string batchSize, string expected)
    {
        var summary = RunSummaries.Create() with { Workload = new RunWorkload.OneOperation(TableOperation.UpsertReplace), BatchSize = Batching.TryParse(batchSize, out var batching) ? batching : default };

        Assert.Equal(expected, ResultTable.RequestsText(summary));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private static RunSettings Create(string[] args, IDictionary? environment = null)
    {
        var options = new RunOptions();
        var command = options.CreateCommand();
        command.Add(TableLoadCli.Verbosity);
        var parse = RunProfile.Apply(command.Parse(args), options, environment ?? new Hashtable());
        Assert.Empty(parse.Errors);
        return RunSettingsFactory.Create(parse, options, Now, _ => null);
    }
}
