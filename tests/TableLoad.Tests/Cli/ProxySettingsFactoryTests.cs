using System.Globalization;
using TableLoad.Cli;
using TableLoad.Proxy;
using TableLoad.Settings;

namespace TableLoad.Tests.Cli;

/// <summary>The proxy's options, with a --config profile and TABLELOAD_* variables layered in front as run's are.</summary>
public sealed class ProxySettingsFactoryTests : IDisposable
{
    private const string Example = """{"partition_limit": 500, "latency": "5ms"}""";
    private readonly string _folder = Directory.CreateTempSubdirectory("tableload-proxy-settings-").FullName;
    private readonly Dictionary<string, string> _environment = new(StringComparer.Ordinal);

    [Fact]
    public void Create_NoOptions_UsesTheDocumentedDefaults()
    {
        var settings = Create();

        Assert.Equal(new Uri("http://127.0.0.1:10102"), settings.Listen);
        Assert.Equal(new Uri("http://127.0.0.1:10002"), settings.Target);
        Assert.Equal(2000, settings.PartitionLimit);
        Assert.Equal(20000, settings.AccountLimit);
        Assert.Equal(0, settings.TimeoutShare);
        Assert.False(settings.Cosmos);
        Assert.True(settings.Latency.IsNone);
        Assert.Equal(0, settings.ResetRate);
        Assert.Equal(0, settings.LoseAnswerRate);
        Assert.Equal(0, settings.DelayAnswerRate);
        Assert.Equal(TimeSpan.FromSeconds(35), settings.DelayAnswer);
    }

    [Fact]
    public void Create_EveryOption_IsRead()
    {
        var settings = Create(
            "--listen", "http://localhost:0", "--target", "http://127.0.0.1:10412", "--partition-limit", "500", "--account-limit", "7000.5",
            "--cosmos", "--latency", "uniform:10ms-200ms", "--reset-rate", "0.2", "--lose-answer-rate", "0.1",
            "--delay-answer-rate", "0.05", "--delay-answer", "2s", "--seed", "42");

        Assert.Equal(new Uri("http://localhost:0"), settings.Listen);
        Assert.Equal(new Uri("http://127.0.0.1:10412"), settings.Target);
        Assert.Equal(500, settings.PartitionLimit);
        Assert.Equal(7000.5, settings.AccountLimit);
        Assert.True(settings.Cosmos);
        Assert.Equal(LatencyShape.Uniform, settings.Latency.Shape);
        Assert.Equal(0.2, settings.ResetRate);
        Assert.Equal(0.1, settings.LoseAnswerRate);
        Assert.Equal(0.05, settings.DelayAnswerRate);
        Assert.Equal(TimeSpan.FromSeconds(2), settings.DelayAnswer);
        Assert.Equal(42, settings.Seed);
    }

    [Fact]
    public void Create_Profile_GivesEverySetting()
    {
        WriteProfile("""
            {
              "listen": "http://[::1]:10500", "target": "http://127.0.0.1:10412",
              "partition_limit": 500, "account_limit": 5000, "timeout_share": 0.5,
              "latency": "exp:50ms", "reset_rate": 0.2, "lose_answer_rate": 0.1, "delay_answer_rate": 0.1,
              "delay_answer": "40s", "seed": 7
            }
            """);

        var settings = Create("--config", ProfilePath);

        Assert.Equal(new Uri("http://[::1]:10500"), settings.Listen);
        Assert.Equal(500, settings.PartitionLimit);
        Assert.Equal(5000, settings.AccountLimit);
        Assert.Equal(0.5, settings.TimeoutShare);
        Assert.Equal(LatencyShape.Exponential, settings.Latency.Shape);
        Assert.Equal(TimeSpan.FromMilliseconds(50), settings.Latency.Low);
        Assert.Equal(0.2, settings.ResetRate);
        Assert.Equal(TimeSpan.FromSeconds(40), settings.DelayAnswer);
        Assert.Equal(7, settings.Seed);
    }

    [Fact]
    public void Create_OptionsGiven_OverrideTheProfile_OthersComeFromIt()
    {
        WriteProfile("""{ "partition_limit": 500, "reset_rate": 0.2, "seed": 7 }""");

        var settings = Create("--config", ProfilePath, "--partition-limit", "900", "--seed", "8");

        Assert.Equal(900, settings.PartitionLimit);
        Assert.Equal(8, settings.Seed);
        Assert.Equal(0.2, settings.ResetRate);
        Assert.Equal(20000, settings.AccountLimit);
    }

    [Fact]
    public void Create_ExplicitDefaultValueOnTheCommandLine_StillOverridesTheProfile()
    {
        WriteProfile("""{ "partition_limit": 500 }""");

        var settings = Create("--config", ProfilePath, "--partition-limit", "2000");

        Assert.Equal(2000, settings.PartitionLimit);
    }

    [Fact]
    public void Create_EnvironmentOverridesTheProfile_AndTheCommandLineOverridesBoth()
    {
        WriteProfile("""{ "partition_limit": 500, "account_limit": 7000, "seed": 7 }""");
        _environment["TABLELOAD_PARTITION_LIMIT"] = "250";
        _environment["TABLELOAD_SEED"] = "9";

        var settings = Create("--config", ProfilePath, "--seed", "11");

        Assert.Equal(7000, settings.AccountLimit);    // the profile alone
        Assert.Equal(250, settings.PartitionLimit);   // the environment over the profile
        Assert.Equal(11, settings.Seed);              // the command line over both
    }

    [Fact]
    public void Create_EnvironmentAlone_GivesTheOption_AndRunsVariablesAreNotTheProxys()
    {
        _environment["TABLELOAD_LATENCY"] = "exp:20ms";
        _environment["TABLELOAD_TASKS"] = "4";

        Assert.Equal(LatencyShape.Exponential, Create().Latency.Shape);
    }

    [Fact]
    public void Create_AValueFromTheEnvironment_IsRefusedNamingTheVariable_AndTheCommandLinesNot()
    {
        _environment["TABLELOAD_RESET_RATE"] = "2";

        var ex = Assert.Throws<UsageException>(() => Create("--lose-answer-rate", "3"));

        Assert.Equal(
            ["--reset-rate must be between 0 and 1 (a probability), not 2 (from $TABLELOAD_RESET_RATE).", "--lose-answer-rate must be between 0 and 1 (a probability), not 3."],
            ex.Message.Split(Environment.NewLine));
    }

    [Fact]
    public void Create_TheOldNameOfConfig_StillReadsAProfile()
    {
        WriteProfile("""{ "partition_limit": 321 }""");

        Assert.Equal(321, Create("--profile", ProfilePath).PartitionLimit);
    }

    [Fact]
    public void Create_EveryFault_IsSaidAtOnce_OneSentenceEach()
    {
        var ex = Assert.Throws<UsageException>(() => Create("--account-limit", "-1", "--partition-limit", "0", "--latency", "bogus"));

        Assert.Equal(
            [
                "--partition-limit must be greater than 0 and at most 1000000000 entities per second, not 0.",
                "--account-limit must be greater than 0 and at most 1000000000 entities per second, not -1.",
                "--latency 'bogus' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.",
            ],
            ex.Message.Split(Environment.NewLine));
    }

    [Fact]
    public void Create_FaultRatesTogether_AreJudgedBesideTheOtherFaults()
    {
        var ex = Assert.Throws<UsageException>(() => Create("--reset-rate", "0.6", "--lose-answer-rate", "0.6", "--listen", "http://0.0.0.0:1"));

        var sentences = ex.Message.Split(Environment.NewLine);
        Assert.Equal(2, sentences.Length);
        Assert.StartsWith("--listen 'http://0.0.0.0:1' is not a loopback address;", sentences[0], StringComparison.Ordinal);
        Assert.StartsWith("The reset, lose-answer and delay-answer rates add up to 1.2", sentences[1], StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--partition-limit", "Greater than 0 and at most 1000000000 entities per second.")]
    [InlineData("--reset-rate", "Between 0 and 1.")]
    [InlineData("--delay-answer", "Between 0s and 24h.")]
    public void Help_ShowsEachBound_AsDeclaredWithTheOption(string option, string shown)
    {
        var description = new ProxyOptions().All.Single(o => o.Name == option).Description;

        Assert.EndsWith(" " + shown, description, StringComparison.Ordinal);
        Assert.DoesNotContain("(0..1)", description, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--reset-rate", "-0.1", "--reset-rate must be between 0 and 1 (a probability), not -0.1.")]
    [InlineData("--lose-answer-rate", "1.5", "--lose-answer-rate must be between 0 and 1 (a probability), not 1.5.")]
    [InlineData("--delay-answer-rate", "NaN", "--delay-answer-rate must be between 0 and 1 (a probability), not NaN.")]
    [InlineData("--timeout-share", "2", "--timeout-share must be between 0 and 1 (a share), not 2.")]
    [InlineData("--partition-limit", "0", "--partition-limit must be greater than 0 and at most 1000000000 entities per second, not 0.")]
    [InlineData("--account-limit", "-5", "--account-limit must be greater than 0 and at most 1000000000 entities per second, not -5.")]
    [InlineData("--latency", "fast", "--latency 'fast' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.")]
    [InlineData("--latency", "uniform:200ms-10ms", "--latency 'uniform:200ms-10ms' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.")]
    [InlineData("--delay-answer", "soon", "--delay-answer 'soon' is not a duration; use forms such as 500ms, 30s, 2m, 1h or hh:mm:ss.")]
    [InlineData("--delay-answer", "25h", "--delay-answer must be between 0s and 24h, not 25h.")]
    [InlineData("--target", "ftp://127.0.0.1:1", "--target 'ftp://127.0.0.1:1' is not an http address such as http://127.0.0.1:10002.")]
    public void Create_BadOption_IsOneSentenceNamingIt(string option, string value, string expected)
    {
        var ex = Assert.Throws<UsageException>(() => Create(option, value));

        Assert.Equal(expected, ex.Message);
    }

    [Theory]
    [InlineData("http://0.0.0.0:10102")]
    [InlineData("http://192.168.1.10:10102")]
    [InlineData("http://example.com:10102")]
    public void Create_NonLoopbackListen_IsRefused(string listen)
    {
        var ex = Assert.Throws<UsageException>(() => Create("--listen", listen));

        Assert.StartsWith($"--listen '{listen}' is not a loopback address;", ex.Message, StringComparison.Ordinal);
        AssertOneSentence(ex.Message);
    }

    [Fact]
    public void Create_TargetWithAPath_IsRefused()
    {
        var ex = Assert.Throws<UsageException>(() => Create("--target", "http://127.0.0.1:10002/devstoreaccount1"));

        Assert.Contains("must be a scheme, host and port only", ex.Message, StringComparison.Ordinal);
        AssertOneSentence(ex.Message);
    }

    [Fact]
    public void Create_FaultRatesAddingUpToMoreThanOne_AreRefused()
    {
        var ex = Assert.Throws<UsageException>(() => Create("--reset-rate", "0.5", "--lose-answer-rate", "0.3", "--delay-answer-rate", "0.3"));

        Assert.StartsWith("The reset, lose-answer and delay-answer rates add up to 1.1", ex.Message, StringComparison.Ordinal);
        AssertOneSentence(ex.Message);
    }

    // A profile's values are judged as the options' own, and a refusal says where the value came from; its JSON kinds must be the options' types.
    [Theory]
    [InlineData("""{ "partition_limt": 500 }""", "--config {0} has 'partition_limt', which is not an option of tableload proxy; see 'tableload proxy --help' (names are written with underscores, as in {1}).")]
    [InlineData("""{ "reset_rate": -0.1 }""", "--reset-rate must be between 0 and 1 (a probability), not -0.1 (from --config {0}).")]
    [InlineData("""{ "delay_answer_rate": 1.01 }""", "--delay-answer-rate must be between 0 and 1 (a probability), not 1.01 (from --config {0}).")]
    [InlineData("""{ "partition_limit": 0 }""", "--partition-limit must be greater than 0 and at most 1000000000 entities per second, not 0 (from --config {0}).")]
    [InlineData("""{ "account_limit": -1 }""", "--account-limit must be greater than 0 and at most 1000000000 entities per second, not -1 (from --config {0}).")]
    [InlineData("""{ "delay_answer": "forever" }""", "--delay-answer 'forever' is not a duration; use forms such as 500ms, 30s, 2m, 1h or hh:mm:ss (from --config {0}).")]
    [InlineData("""{ "latency": "exp:" }""", "--latency 'exp:' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms (from --config {0}).")]
    [InlineData("""{ "partition_limit": "500" }""", "In --config {0}, partition_limit must be a number, not \"500\".")]
    [InlineData("""{ "cosmos": 1 }""", "In --config {0}, cosmos must be true or false, not 1.")]
    [InlineData("""{ "seed": 1.5 }""", "In --config {0}, seed must be a whole number, not 1.5.")]
    [InlineData("""{ "latency": 50 }""", "In --config {0}, latency must be a string such as \"0ms\", not 50.")]
    [InlineData("""[500]""", "--config {0} is not a JSON object of options such as {1}.")]
    [InlineData("""{ "partition_limit": 500, """, "--config {0} is not a JSON object of options such as {1}.")]
    [InlineData("""{ "listen": "http://10.0.0.1:10102" }""", "--listen 'http://10.0.0.1:10102' is not a loopback address; the proxy listens on 127.0.0.1, [::1] or localhost only, because it forwards signed requests for anyone who can reach it (from --config {0}).")]
    public void Create_BadProfile_IsOneSentence(string json, string expected)
    {
        WriteProfile(json);

        var ex = Assert.Throws<UsageException>(() => Create("--config", ProfilePath));

        Assert.Equal(string.Format(CultureInfo.InvariantCulture, expected, ProfilePath, Example), ex.Message);
        AssertOneSentence(ex.Message);
    }

    [Fact]
    public void Create_MissingProfile_IsOneSentence()
    {
        var missing = Path.Combine(_folder, "missing.json");

        var ex = Assert.Throws<UsageException>(() => Create("--config", missing));

        Assert.Equal($"--config {missing}: no such file.", ex.Message);
    }

    [Fact]
    public void Create_BadProfileValueOverriddenByAGoodOption_IsAccepted()
    {
        WriteProfile("""{ "reset_rate": 3 }""");

        var settings = Create("--config", ProfilePath, "--reset-rate", "0.1");

        Assert.Equal(0.1, settings.ResetRate);
    }

    [Fact]
    public void Create_WithoutSeed_PicksOne()
    {
        var seeds = Enumerable.Range(0, 5).Select(_ => Create().Seed).Distinct().Count();

        Assert.True(seeds > 1);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private static void AssertOneSentence(string message)
    {
        Assert.DoesNotContain('\n', message);
        Assert.EndsWith(".", message, StringComparison.Ordinal);
    }

    private string ProfilePath => Path.Combine(_folder, "p.json");

    private void WriteProfile(string json) => File.WriteAllText(ProfilePath, json);

    // As the proxy command does: the layers in front of the command line, then the one pass of validation.
    private ProxySettings Create(params string[] args)
    {
        var options = new ProxyOptions();
        var parse = options.CreateCommand().Parse(args);
        Assert.Empty(parse.Errors);
        return ProxyCommand.LayersOf(options).Layer(parse, _environment).Judged(layered => ProxySettingsFactory.Create(layered, options));
    }
}
