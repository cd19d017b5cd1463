using System.CommandLine;
using TableLoad.Proxy;
using TableLoad.Settings;

namespace TableLoad.Tests.Proxy;

public sealed class ProxySettingsFactoryTests
{
    private readonly Dictionary<string, string> _files = new(StringComparer.Ordinal);

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
            "--timeout-share", "0.25", "--cosmos", "--latency", "uniform:10ms-200ms", "--reset-rate", "0.2", "--lose-answer-rate", "0.1",
            "--delay-answer-rate", "0.05", "--delay-answer", "2s", "--seed", "42");

        Assert.Equal(new Uri("http://localhost:0"), settings.Listen);
        Assert.Equal(new Uri("http://127.0.0.1:10412"), settings.Target);
        Assert.Equal(500, settings.PartitionLimit);
        Assert.Equal(7000.5, settings.AccountLimit);
        Assert.Equal(0.25, settings.TimeoutShare);
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
        _files["p.json"] = """
            {
              "listen": "http://[::1]:10500", "target": "http://127.0.0.1:10412",
              "partition_limit": 500, "account_limit": 5000, "timeout_share": 0.5, "cosmos": true,
              "latency": "exp:50ms", "reset_rate": 0.2, "lose_answer_rate": 0.1, "delay_answer_rate": 0.1,
              "delay_answer": "40s", "seed": 7
            }
            """;

        var settings = Create("--profile", "p.json");

        Assert.Equal(new Uri("http://[::1]:10500"), settings.Listen);
        Assert.Equal(500, settings.PartitionLimit);
        Assert.Equal(5000, settings.AccountLimit);
        Assert.Equal(0.5, settings.TimeoutShare);
        Assert.True(settings.Cosmos);
        Assert.Equal(LatencyShape.Exponential, settings.Latency.Shape);
        Assert.Equal(TimeSpan.FromMilliseconds(50), settings.Latency.Low);
        Assert.Equal(0.2, settings.ResetRate);
        Assert.Equal(TimeSpan.FromSeconds(40), settings.DelayAnswer);
        Assert.Equal(7, settings.Seed);
    }

    [Fact]
    public void Create_OptionsGiven_OverrideTheProfile_OthersComeFromIt()
    {
        _files["p.json"] = """{ "partition_limit": 500, "reset_rate": 0.2, "seed": 7 }""";

        var settings = Create("--profile", "p.json", "--partition-limit", "900", "--seed", "8");

        Assert.Equal(900, settings.PartitionLimit);
        Assert.Equal(8, settings.Seed);
        Assert.Equal(0.2, settings.ResetRate);
        Assert.Equal(20000, settings.AccountLimit);
    }

    [Fact]
    public void Create_ExplicitDefaultValueOnTheCommandLine_StillOverridesTheProfile()
    {
        _files["p.json"] = """{ "partition_limit": 500 }""";

        var settings = Create("--profile", "p.json", "--partition-limit", "2000");

        Assert.Equal(2000, settings.PartitionLimit);
    }

    [Theory]
    [InlineData("--reset-rate", "-0.1", "--reset-rate must be a probability from 0 to 1, not -0.1.")]
    [InlineData("--lose-answer-rate", "1.5", "--lose-answer-rate must be a probability from 0 to 1, not 1.5.")]
    [InlineData("--delay-answer-rate", "NaN", "--delay-answer-rate must be a probability from 0 to 1, not NaN.")]
    [InlineData("--timeout-share", "2", "--timeout-share must be a share from 0 to 1, not 2.")]
    [InlineData("--partition-limit", "0", "--partition-limit must be a number of entities per second greater than 0 and at most 1000000000, not 0.")]
    [InlineData("--account-limit", "-5", "--account-limit must be a number of entities per second greater than 0 and at most 1000000000, not -5.")]
    [InlineData("--latency", "fast", "--latency 'fast' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.")]
    [InlineData("--latency", "uniform:200ms-10ms", "--latency 'uniform:200ms-10ms' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.")]
    [InlineData("--delay-answer", "soon", "--delay-answer 'soon' is not a duration; use forms such as 500ms, 35s or 2m.")]
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

    [Theory]
    [InlineData("""{ "partition_limt": 500 }""", "The profile p.json has an unknown field 'partition_limt'; the fields are listen, target, partition_limit, account_limit, timeout_share, cosmos, latency, reset_rate, lose_answer_rate, delay_answer_rate, delay_answer, seed.")]
    [InlineData("""{ "reset_rate": -0.1 }""", "reset_rate in the profile p.json must be a probability from 0 to 1, not -0.1.")]
    [InlineData("""{ "delay_answer_rate": 1.01 }""", "delay_answer_rate in the profile p.json must be a probability from 0 to 1, not 1.01.")]
    [InlineData("""{ "partition_limit": 0 }""", "partition_limit in the profile p.json must be a number of entities per second greater than 0 and at most 1000000000, not 0.")]
    [InlineData("""{ "account_limit": -1 }""", "account_limit in the profile p.json must be a number of entities per second greater than 0 and at most 1000000000, not -1.")]
    [InlineData("""{ "delay_answer": "forever" }""", "delay_answer in the profile p.json 'forever' is not a duration; use forms such as 500ms, 35s or 2m.")]
    [InlineData("""{ "latency": "exp:" }""", "latency in the profile p.json 'exp:' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.")]
    [InlineData("""{ "partition_limit": "500" }""", "In the profile p.json, partition_limit must be a number, not \"500\".")]
    [InlineData("""{ "cosmos": 1 }""", "In the profile p.json, cosmos must be true or false, not 1.")]
    [InlineData("""{ "seed": 1.5 }""", "In the profile p.json, seed must be a whole number, not 1.5.")]
    [InlineData("""{ "latency": 50 }""", "In the profile p.json, latency must be a string such as \"50ms\", not 50.")]
    [InlineData("""[500]""", "The profile p.json must hold one JSON object, such as {\"partition_limit\": 500}.")]
    [InlineData("""{ "partition_limit": 500, """, "The profile p.json is not valid JSON (line 1).")]
    [InlineData("""{ "listen": "http://10.0.0.1:10102" }""", "listen in the profile p.json 'http://10.0.0.1:10102' is not a loopback address; the proxy listens on 127.0.0.1, [::1] or localhost only, because it forwards signed requests for anyone who can reach it.")]
    public void Create_BadProfile_IsOneSentence(string json, string expected)
    {
        _files["p.json"] = json;

        var ex = Assert.Throws<UsageException>(() => Create("--profile", "p.json"));

        Assert.Equal(expected, ex.Message);
        AssertOneSentence(ex.Message);
    }

    [Fact]
    public void Create_MissingProfile_IsOneSentence()
    {
        var ex = Assert.Throws<UsageException>(() => Create("--profile", "missing.json"));

        Assert.Equal("The profile missing.json does not exist.", ex.Message);
    }

    [Fact]
    public void Create_BadProfileValueOverriddenByAGoodOption_IsAccepted()
    {
        _files["p.json"] = """{ "reset_rate": 3 }""";

        var settings = Create("--profile", "p.json", "--reset-rate", "0.1");

        Assert.Equal(0.1, settings.ResetRate);
    }

    [Fact]
    public void Create_WithoutSeed_PicksOne()
    {
        var seeds = Enumerable.Range(0, 5).Select(_ => Create().Seed).Distinct().Count();

        Assert.True(seeds > 1);
    }

    private static void AssertOneSentence(string message)
    {
        Assert.DoesNotContain('\n', message);
        Assert.EndsWith(".", message, StringComparison.Ordinal);
    }

    private ProxySettings Create(params string[] args)
    {
        var options = new ProxyOptions();
        var command = new Command("proxy");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        var parse = command.Parse(args);
        Assert.Empty(parse.Errors);
        return ProxySettingsFactory.Create(parse, options, path => _files.TryGetValue(path, out var text) ? text : throw new FileNotFoundException(path));
    }
}
