using System.CommandLine;
using TableLoad.Cli;
using TableLoad.Resilience;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Tests.Cli;

public sealed class RunSettingsFactoryTests
{
    // 14:07:09 at UTC+2, so a name built from local time instead of UTC shows up.
    private static readonly DateTimeOffset FixedNow = new(2024, 3, 5, 14, 7, 9, TimeSpan.FromHours(2));

    private const string Key = "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM=";

    private static RunSettings Create(string[] args, Func<string, string?>? environment = null)
    {
        var options = new RunOptions();
        var command = options.CreateCommand();

        var parse = command.Parse(args);
        Assert.Empty(parse.Errors);
        return RunSettingsFactory.Create(parse, options, FixedNow, environment ?? (_ => null));
    }

    private static UsageException Refuse(string[] args, Func<string, string?>? environment = null) =>
        Assert.Throws<UsageException>(() => Create(args, environment));

    private static void AssertOneSentence(UsageException refusal, string names)
    {
        var message = refusal.Message;
        Assert.DoesNotContain('\n', message);
        Assert.DoesNotContain('\r', message);
        Assert.EndsWith(".", message, StringComparison.Ordinal);
        Assert.Contains(names, message, StringComparison.Ordinal);
    }

    [Fact]
    public void Create_NoOptions_UsesDocumentedDefaults()
    {
        var settings = Create([]);

        Assert.Equal(100, settings.Load.BatchSize);
        Assert.Equal(1024, settings.Load.EntitySize);
        Assert.Equal(8, settings.Load.Properties);
        Assert.Equal(new PartitionStrategy.Single(), settings.Load.Partitions);
        Assert.Equal("tl", settings.Load.KeyPrefix);
        Assert.Equal(12, settings.Tasks);
        Assert.Equal(TimeSpan.FromSeconds(60), settings.Duration);
        Assert.Equal(TimeSpan.FromSeconds(5), settings.Warmup);
        Assert.Equal(TimeSpan.FromSeconds(30), settings.Timeout);
        Assert.Equal(0, settings.Retries);
        Assert.Null(settings.Load.Batches);
        Assert.False(settings.KeepTable);
        Assert.False(settings.Verify);
        Assert.True(settings.WriteBatchLog);
        Assert.Equal("", settings.Label);
        Assert.Equal(BatchClientKind.Sdk, settings.Client);
        Assert.False(settings.SdkDiagnostics);
    }

    [Theory]
    [InlineData("sdk", "sdk")]
    [InlineData("WIRE", "wire")]
    public void Create_Client_IsEitherKindInAnyCase(string given, string expected) =>
        Assert.Equal(expected, Create(["--client", given]).Client.ToName());

    [Fact]
    public void Create_UnknownClient_IsRefusedInOneSentence() =>
        AssertOneSentence(Refuse(["--client", "rest"]), "--client must be sdk or wire, not 'rest'");

    [Fact]
    public void Create_SdkDiagnosticsWithTheWireClient_IsRefused() =>
        AssertOneSentence(Refuse(["--client", "wire", "--sdk-diagnostics"]), "--sdk-diagnostics goes with --client sdk");

    [Theory]
    [InlineData("100ms", 5)]
    [InlineData("30s", 30)]
    public void TableCallTimeout_IsTheTimeout_ButAtLeastFiveSeconds(string timeout, int seconds) =>
        Assert.Equal(TimeSpan.FromSeconds(seconds), Create(["--timeout", timeout]).TableCallTimeout);

    [Fact]
    public void Create_NoTable_GeneratesNameFromUtcNow_AndTheRunIdsRandomPart()
    {
        var settings = Create([]);

        Assert.Matches("^tableload20240305120709[0-9a-f]{4}$", settings.Table);
        Assert.Equal(settings.RunId[^4..], settings.Table[^4..]);
    }

    [Fact]
    public void TwoRunsStartedInTheSameSecond_GetTablesOfTheirOwn()
    {
        var tables = Enumerable.Range(0, 20).Select(_ => Create([]).Table).ToHashSet();

        Assert.True(tables.Count >= 19, $"20 runs in one second shared tables: {tables.Count} distinct names");
    }

    [Fact]
    public void Create_GivenTable_IsUsedAsIs()
    {
        var settings = Create(["--table", "mytable"]);

        Assert.Equal("mytable", settings.Table);
    }

    [Fact]
    public void Create_NoOutput_WritesUnderResultsRunId()
    {
        var settings = Create([]);

        Assert.StartsWith("20240305-120709-", settings.RunId, StringComparison.Ordinal);
        Assert.Equal(Path.Combine("results", settings.RunId), settings.OutputDirectory);
    }

    [Fact]
    public void Create_NoConnectionString_TargetsAzuriteDevelopmentAccount()
    {
        var settings = Create([]);

        Assert.Equal(new Uri("http://127.0.0.1:10002/devstoreaccount1"), settings.Target.TableEndpoint);
        Assert.Equal("devstoreaccount1", settings.Target.AccountName);
    }

    [Fact]
    public void Create_NoConnectionStringOption_UsesEnvironmentVariable()
    {
        var asked = new List<string>();
        string? Environment(string name)
        {
            asked.Add(name);
            return $"AccountName=acct;AccountKey={Key};TableEndpoint=http://127.0.0.1:9999/acct";
        }

        var settings = Create([], Environment);

        Assert.Equal(["TABLELOAD_CONNECTION_STRING"], asked);
        Assert.Equal(new Uri("http://127.0.0.1:9999/acct"), settings.Target.TableEndpoint);
    }

    [Fact]
    public void Create_ConnectionStringOption_WinsOverEnvironmentVariable()
    {
        var settings = Create(
            ["--connection-string", $"AccountName=fromoption;AccountKey={Key};TableEndpoint=http://127.0.0.1:8888/fromoption"],
            _ => $"AccountName=acct;AccountKey={Key};TableEndpoint=http://127.0.0.1:9999/acct");

        Assert.Equal(new Uri("http://127.0.0.1:8888/fromoption"), settings.Target.TableEndpoint);
    }

    [Theory]
    [InlineData("0")]
    [InlineData("101")]
    public void Create_BatchSizeOutOfRange_Refuses(string batchSize) =>
        AssertOneSentence(Refuse(["--batch-size", batchSize]), "--batch-size");

    [Theory]
    [InlineData("ab")]
    [InlineData("1table")]
    [InlineData("my-table")]
    [InlineData("a123456789012345678901234567890123456789012345678901234567890123")]
    [InlineData("tables")]
    [InlineData("Tables")]
    public void Create_InvalidTableName_Refuses(string table) =>
        AssertOneSentence(Refuse(["--table", table]), "--table");

    [Fact]
    public void Create_LongestValidTableName_IsAccepted()
    {
        var table = "a" + new string('1', 62);

        Assert.Equal(table, Create(["--table", table]).Table);
    }

    [Fact]
    public void Create_EntitySizeBelowProperties_Refuses() =>
        AssertOneSentence(Refuse(["--entity-size", "4", "--properties", "8"]), "--entity-size");

    [Fact]
    public void Create_PropertyOver64KiB_Refuses()
    {
        var refusal = Refuse(["--entity-size", "70000", "--properties", "1"]);

        AssertOneSentence(refusal, "--entity-size");
        Assert.Contains("--properties", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Create_EntityOver1MiB_Refuses() =>
        AssertOneSentence(Refuse(["--entity-size", "1100000", "--properties", "20"]), "--entity-size");

    [Fact]
    public void Create_BatchOver4MiB_Refuses() =>
        AssertOneSentence(Refuse(["--batch-size", "100", "--entity-size", "40000", "--properties", "4"]), "--batch-size");

    [Fact]
    public void Create_SameEntitiesInSmallerBatch_IsAccepted() =>
        Assert.Equal(10, Create(["--batch-size", "10", "--entity-size", "40000", "--properties", "4"]).Load.BatchSize);

    [Theory]
    [InlineData("a/b")]
    [InlineData("a\\b")]
    [InlineData("a#b")]
    [InlineData("a?b")]
    [InlineData("a\u0001b")]
    [InlineData("a\tb")]
    public void Create_KeyPrefixWithForbiddenCharacter_Refuses(string prefix) =>
        AssertOneSentence(Refuse(["--key-prefix", prefix]), "--key-prefix");

    [Theory]
    [InlineData("spread:0")]
    [InlineData("spread:x")]
    [InlineData("many")]
    public void Create_UnknownPartitionStrategy_Refuses(string partitions) =>
        AssertOneSentence(Refuse(["--partitions", partitions]), "--partitions");

    [Fact]
    public void Create_ZeroTasks_Refuses() =>
        AssertOneSentence(Refuse(["--tasks", "0"]), "--tasks");

    [Fact]
    public void Create_EveryFault_IsSaidAtOnce_TheSingleOptionsFirst_ThenTheChecksAcrossThem()
    {
        var refusal = Refuse(["--tasks", "0", "--entity-size", "0", "--partitions", "diagonal", "--properties", "300", "--key-prefix", "a#b",
            "--batch-size", "5", "--max-entities", "3", "--table", "x"]);

        Assert.Equal(
            [
                "--entity-size must be between 1 and 1048576 bytes (an entity holds at most 1 MiB), not 0.",
                "--tasks must be between 1 and 10000, not 0.",
                "--properties must be between 1 and 251 (an entity holds at most 252 custom properties, one of them TableLoad's batch nonce), not 300.",
                "--partitions must be single, per-task or spread:N with N from 1 to 1000000, not 'diagonal'.",
                "--key-prefix may not contain '/', '\\', '#', '?' or control characters (the service refuses them in keys).",
                "--table 'x' is not a valid table name: use 3 to 63 letters and digits, starting with a letter.",
                "--max-entities must be at least --batch-size (5).",
            ],
            refusal.Message.Split(Environment.NewLine));
    }

    [Fact]
    public void Create_ACheckAcrossOptions_IsSkipped_WhenOneOfThemWasRefusedAlone()
    {
        // --entity-size 0 is refused on its own; "at least --properties" would only say it again.
        var refusal = Refuse(["--entity-size", "0", "--properties", "8"]);

        AssertOneSentence(refusal, "--entity-size must be between 1 and");
    }

    [Theory]
    [InlineData("--tasks", "Between 1 and 10000.")]
    [InlineData("--batch-size", "None or between 1 and 100.")]
    [InlineData("--batch-log-buffer", "Between 1 and 10000000 rows.")]
    [InlineData("--rate", "Greater than 0 and at most 1000000000, entities or requests per second.")]
    [InlineData("--timeout", "Between 10ms and 24h.")]
    [InlineData("--duration", "Greater than 0s and at most 720h.")]
    public void Help_ShowsTheBound_DeclaredWithTheOption(string option, string shown) =>
        Assert.EndsWith(" " + shown, new RunOptions().All.Single(o => o.Name == option).Description, StringComparison.Ordinal);

    [Theory]
    // Read, upsert-replace batches of 10 at 80:20: 2.8 entities a request.
    [InlineData("--mix", "read:80,upsert-replace:20", 2000, 5600)]
    [InlineData("--operation", "upsert-replace", 100, 1000)]
    [InlineData("--operation", "read", 300, 300)]
    public void Create_ARateInRequestsPerSecond_PacesByTheLoadsEntitiesPerRequest_AndKeepsItsUnit(string option, string value, double requests, double entities)
    {
        var settings = Create([option, value, "--batch-size", "10", "--key-space", "20", "--preload", "--rate", $"{requests}rps"]);

        var open = Assert.IsType<LoadModel.Open>(settings.Load.Model);
        Assert.Equal(entities, open.EntitiesPerSecond, 9);
        Assert.Equal(RateUnit.RequestsPerSecond, open.Unit);
        Assert.Equal(RateTarget.Requests(requests), settings.Load.Model.GivenRate(settings.Load.EntitiesPerRequest));
    }

    [Theory]
    [InlineData(new[] { "--rate", "0rps" }, "--rate must be greater than 0 and at most 1000000000 requests per second, not 0rps.")]
    [InlineData(new[] { "--rate", "-5" }, "--rate must be greater than 0 and at most 1000000000 entities per second, not -5.")]
    [InlineData(new[] { "--rate", "20000000rps", "--batch-size", "100" }, "--rate 20000000rps is 2000000000 entities per second at 100 entities a request; a rate is at most 1000000000 entities per second.")]
    [InlineData(new[] { "--rate", "100rps", "--stages", "1s:200eps" }, "--stages' stage 1 '1s:200eps' is in entities per second, but --rate 100rps is in requests per second: a plan's targets are in --rate's unit.")]
    [InlineData(new[] { "--stages", "1s:20rps" }, "--stages' stage 1 '1s:20rps' asks for a rate; without --rate a target is a whole number of tasks per process: give --rate to plan a rate.")]
    public void Create_ARefusedRate_IsOneSentence(string[] args, string sentence) =>
        Assert.Equal(sentence, Refuse(args).Message);

    [Fact]
    public void Create_AStagePlanInRequestsPerSecond_HoldsItsTargetsInEntitiesPerSecond()
    {
        var settings = Create(["--rate", "10rps", "--batch-size", "5", "--stages", "1s:20,2s:4rps"]);

        var open = Assert.IsType<LoadModel.OpenStages>(settings.Load.Model);
        Assert.Equal(new StagePlan(50, [new Stage(TimeSpan.FromSeconds(1), 100), new Stage(TimeSpan.FromSeconds(2), 20)]), open.Plan);
        Assert.Equal("1s:20rps,2s:4rps", settings.Load.Model.StagesText(settings.Load.EntitiesPerRequest));
    }

    [Theory]
    [InlineData("0s")]
    [InlineData("abc")]
    [InlineData("999999999h")]
    public void Create_InvalidDuration_Refuses(string duration) =>
        AssertOneSentence(Refuse(["--duration", duration]), "--duration");

    [Theory]
    [InlineData("30s")]
    [InlineData("5ms")]
    [InlineData("25h")]
    public void Create_Timeout_IsRefusedOrUsableByTheResiliencePipeline(string timeout)
    {
        RunSettings settings;
        try
        {
            settings = Create(["--timeout", timeout]);
        }
        catch (UsageException refusal)
        {
            AssertOneSentence(refusal, "--timeout");
            return;
        }

        Assert.Null(Record.Exception(() => BatchPipelineFactory.Create(settings.Timeout, settings.Retries, TimeProvider.System)));
    }

    [Theory]
    [InlineData("--retries=-1")]
    [InlineData("--retries", "-1")]
    public void Create_NegativeRetries_Refuses(params string[] args) =>
        AssertOneSentence(Refuse(args), "--retries");

    [Theory]
    [InlineData("garbage")]
    [InlineData("AccountName=x")]
    [InlineData("AccountName=x;AccountKey=not*base64!")]
    public void Create_UnparseableConnectionString_RefusesNamingTheOption(string connectionString) =>
        AssertOneSentence(Refuse(["--connection-string", connectionString]), "--connection-string");

    [Fact]
    public void Create_UnparseableConnectionStringFromEnvironment_RefusesNamingTheVariable() =>
        AssertOneSentence(Refuse([], _ => "garbage"), "TABLELOAD_CONNECTION_STRING");

    [Fact]
    public void Create_KeyNotBase64_MessageNeverContainsTheKey()
    {
        const string secret = "s3cr3t*Key!NotBase64";

        var refusal = Refuse(["--connection-string", $"AccountName=x;AccountKey={secret}"]);

        Assert.DoesNotContain(secret, refusal.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("s3cr3t", refusal.Message, StringComparison.Ordinal);
    }
}
