using System.Reflection;
using TableLoad.Engine.Fleet;
using TableLoad.Settings;
using TableLoad.Settings.Gates;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Engine.Fleet;

/// <summary>A worker receives the coordinator's validated settings as data: every field, whoever adds it, arrives as sent.</summary>
public sealed class StartMessageTests
{
    private static readonly string Key = Convert.ToBase64String("start-message-test-key"u8.ToArray());

    [Fact]
    public void Start_EverySettingChangedFromItsDefault_ArrivesAsSent()
    {
        var sent = EverySettingChanged();

        var received = RoundTrip(sent);

        foreach (var property in Settable<RunSettings>())
        {
            Assert.True(Same(property.GetValue(sent), property.GetValue(received)),
                $"RunSettings.{property.Name} was sent as {property.GetValue(sent)} and arrived as {property.GetValue(received)}.");
        }
    }

    [Fact]
    public void EverySettingChanged_DiffersFromTheDefaults_InEveryProperty()
    {
        var defaults = Minimal();
        var changed = EverySettingChanged();

        foreach (var property in Settable<RunSettings>())
        {
            Assert.False(Same(property.GetValue(defaults), property.GetValue(changed)), $"RunSettings.{property.Name} kept its default, so the round trip would not test it.");
        }
    }

    [Fact]
    public void Start_ASasTarget_ArrivesWithItsSignature()
    {
        var sent = Minimal() with { Target = new StorageTarget(new Uri("https://acct.table.core.windows.net"), "acct", StorageAuth.Sas("sv=1&sig=abc")) };

        var received = RoundTrip(sent);

        Assert.Equal(StorageAuth.Sas("sv=1&sig=abc"), received.Target.Auth);
    }

    [Fact]
    public void Start_AnEntraTarget_ArrivesWithoutAToken_AndTheWorkerMakesItsOwnCredential()
    {
        var sent = Minimal() with { Target = new StorageTarget(new Uri("https://acct.table.core.windows.net"), "acct", StorageAuth.Entra) };

        var line = WorkerProtocol.Serialize(new StartMessage(sent));
        var received = Assert.IsType<StartMessage>(WorkerProtocol.Deserialize<ControlMessage>(line)).Settings;

        Assert.DoesNotContain("secret", line, StringComparison.Ordinal);
        Assert.Equal(StorageAuth.Entra, received.Target.Auth);
        Assert.IsType<BearerTokenAuthorizer>(AuthorizedTarget.For(received.Target, TimeProvider.System).Authorizer);
        Assert.Equal(sent.Target.TableEndpoint, received.Target.TableEndpoint);
    }

    public static TheoryData<string> Models => [.. LoadModels.Each().Keys];

    [Theory]
    [MemberData(nameof(Models))]
    public void Start_EachLoadModel_ArrivesAsSent(string model)
    {
        var sent = Minimal().WithLoads(l => l with { Model = LoadModels.Each()[model] });

        var received = RoundTrip(sent);

        Assert.Equal(sent.Load.Model, received.Load.Model);
        Assert.Equal(sent.Tasks, received.Tasks);
    }

    [Fact]
    public void ForWorker_SplitsTheBatchBudget_AndNumbersTheProcess()
    {
        var run = Minimal().WithLoads(l => l with { Batches = 10 }) with { Processes = 3 };

        var workers = Enumerable.Range(0, 3).Select(k => WorkerFleet.ForWorker(run, k)).ToList();

        Assert.Equal([4L, 3L, 3L], workers.Select(w => w.Load.Batches!.Value));
        Assert.Equal([0, 1, 2], workers.Select(w => w.Process));
        Assert.All(workers, w => Assert.True(w.Quiet));
        Assert.All(workers, w => Assert.Equal(run.WithLoads(l => l with { Batches = w.Load.Batches }) with { Process = w.Process, Quiet = true }, w));
    }

    [Theory]
    [InlineData("{not json")]
    [InlineData("{\"type\":\"start\"}")]
    [InlineData("{\"type\":\"go\"}")]
    [InlineData("{\"type\":\"launch\"}")]
    [InlineData("{\"type\":\"start\",\"settings\":null}")]
    [InlineData("{\"type\":\"start\",\"settings\":{\"target\":{\"table_endpoint\":\"http://127.0.0.1:1/a\",\"account_name\":\"a\",\"auth\":{\"kind\":\"shared_key\",\"secret\":\"not base64!\"}},\"table\":\"t1\",\"output_directory\":\"o\",\"run_id\":\"r\"}}")]
    [InlineData("{\"type\":\"start\",\"settings\":{\"target\":{\"table_endpoint\":\"http://127.0.0.1:1/a\",\"account_name\":\"a\",\"auth\":{\"kind\":\"entra\",\"secret\":\"a token\"}},\"table\":\"t1\",\"output_directory\":\"o\",\"run_id\":\"r\"}}")]
    public async Task Worker_AStartLineWithoutUsableSettings_AnswersWithOneErrorLine_AndExitCode2(string line)
    {
        var stdout = new StringWriter();

        var code = await new WorkerHost(new StringReader(line + "\n"), stdout, TimeProvider.System).RunAsync();

        Assert.Equal(ExitCodes.BadInput, code);
        var answer = WorkerProtocol.Deserialize<WorkerMessage>(Assert.Single(stdout.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries)));
        Assert.Equal("The worker expected a start line with its settings on stdin.", Assert.IsType<ErrorMessage>(answer).Message);
    }

    private static RunSettings RoundTrip(RunSettings sent) =>
        Assert.IsType<StartMessage>(WorkerProtocol.Deserialize<ControlMessage>(WorkerProtocol.Serialize(new StartMessage(sent)))).Settings;

    private static RunSettings Minimal() => DefaultRunSettings.Create() with
    {
        Target = new StorageTarget(new Uri("http://127.0.0.1:10002/devstoreaccount1"), "devstoreaccount1", StorageAuth.SharedKey(Convert.ToBase64String([1, 2, 3]))),
        Table = "t1",
        OutputDirectory = "out",
        RunId = "r1",
    };

    /// <summary>Reflection, so that a field added to RunSettings is changed too, or this test says which type it cannot change.</summary>
    private static RunSettings EverySettingChanged()
    {
        var settings = Minimal();
        foreach (var property in Settable<RunSettings>())
        {
            property.SetValue(settings, Changed(property.PropertyType, property.GetValue(settings)));
        }

        return settings;
    }

    private static LoadSettings EveryLoadSettingChanged(LoadSettings load)
    {
        var changed = load with { };
        foreach (var property in Settable<LoadSettings>())
        {
            property.SetValue(changed, Changed(property.PropertyType, property.GetValue(changed)));
        }

        return changed;
    }

    private static IEnumerable<PropertyInfo> Settable<T>() =>
        typeof(T).GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite);

    private static object Changed(Type type, object? value)
    {
        var underlying = Nullable.GetUnderlyingType(type) ?? type;
        return underlying switch
        {
            _ when underlying == typeof(bool) => !(bool)value!,
            _ when underlying == typeof(int) => ((int?)value ?? 0) + 3,
            _ when underlying == typeof(long) => ((long?)value ?? 0) + 7,
            _ when underlying == typeof(double) => ((double?)value ?? 0) + 1.5,
            _ when underlying == typeof(TimeSpan) => (TimeSpan)value! + TimeSpan.FromTicks(12_345_678),
            _ when underlying == typeof(DateTimeOffset) => new DateTimeOffset(2026, 11, 23, 23, 0, 0, TimeSpan.Zero).AddTicks(1_234_567),
            _ when underlying == typeof(string) => (string?)value + "x",
            _ when underlying == typeof(Uri) => new Uri("http://collector.example:4317/"),
            _ when underlying.IsEnum => Enum.GetValues(underlying).Cast<object>().First(v => !v.Equals(value)),
            _ when underlying == typeof(PartitionStrategy) => new PartitionStrategy.Spread(7),
            _ when underlying == typeof(Batching) => Batching.None,
            _ when underlying == typeof(QueryShape) => new QueryShape(37, 11),
            _ when underlying == typeof(OperationMix) => new OperationMix([new(TableOperation.Read, 3), new(TableOperation.UpsertMerge, 1.5)]),
            _ when underlying == typeof(SampleEntity) => new SampleEntity(
                "sample.json",
                [new("Name", EdmType.String, "Ada"), new("Count", EdmType.Int64, "-9007199254740993"), new("When", EdmType.DateTime, "2024-02-29T23:59:59.1234567Z"), new("Blob", EdmType.Binary, "AAEC")],
                ["PartitionKey", "odata.etag"]),
            _ when underlying == typeof(StagePlan) => new StagePlan(150.5, [new Stage(TimeSpan.FromSeconds(2.5), 300), new Stage(TimeSpan.FromMinutes(1), 0)]),
            _ when underlying == typeof(LoadModel) => new LoadModel.OpenStages(new StagePlan(150.5, [new Stage(TimeSpan.FromSeconds(2.5), 300), new Stage(TimeSpan.FromMinutes(1), 0)]), Tasks: 9),
            _ when underlying == typeof(GateSettings) => new GateSettings(
                [new Threshold(RunFigure.P99, ThresholdComparison.Below, 500, "p99<500ms"), new Threshold(RunFigure.Failed, ThresholdComparison.AtMost, 0.1, "failed<=0.1%")],
                [new AbortCondition(RunFigure.Eps, ThresholdComparison.Below, new AbortBound.TimesTarget(0.8), 10, "eps<0.8*target for 10s"),
                    new AbortCondition(RunFigure.Throttled, ThresholdComparison.Above, new AbortBound.Fixed(5), 3, "throttled>5% for 3s")]),
            // Every field of a load changed too, by the same reflection, so a field added to LoadSettings is carried or named here.
            _ when underlying == typeof(ScenarioList) => new ScenarioList([new Scenario("lookups", EveryLoadSettingChanged(((ScenarioList)value!).Items[0].Load))]),
            _ when underlying == typeof(LoadOperations) => LoadOperations.Of(new OperationMix([new(TableOperation.Read, 3), new(TableOperation.UpsertMerge, 1.5)])),
            _ when underlying == typeof(ServiceMetricsSettings) => new ServiceMetricsSettings(
                ServiceResource.Parse("/subscriptions/s/resourceGroups/g/providers/Microsoft.Storage/storageAccounts/other/tableServices/default")!, new Uri("http://127.0.0.1:10102"), TimeSpan.FromMinutes(2)),
            _ when underlying == typeof(StorageTarget) => new StorageTarget(new Uri("https://other.table.core.windows.net"), "other", StorageAuth.SharedKey(Key)) { BlobEndpoint = new Uri("https://other.blob.core.windows.net") },
            _ when underlying == typeof(ServiceLogLocation) => new ServiceLogLocation.LogContainer("insights-logs-storagetablelogs"),
            _ => throw new NotSupportedException($"Teach this test a value of {type.Name} other than the default, so the new RunSettings field is checked."),
        };
    }

    // Every setting is data now, the target's secret included, so equality is the whole comparison.
    private static bool Same(object? a, object? b) => Equals(a, b);
}
