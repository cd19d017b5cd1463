using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Sweep;

namespace TableLoad.Tests.Sweep;

public sealed class KnobListParserTests
{
    private static void AssertOneSentence(UsageException refusal, string option)
    {
        Assert.DoesNotContain('\n', refusal.Message);
        Assert.EndsWith(".", refusal.Message, StringComparison.Ordinal);
        Assert.StartsWith(option, refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Integers_CommaSeparated_KeepsOrderAndIgnoresSpaces()
    {
        Assert.Equal([4, 12, 32], KnobListParser.Integers(" 4, 12 ,32", "--tasks", "4,12,32"));
    }

    [Fact]
    public void Integers_OneValue_IsAListOfOne()
    {
        Assert.Equal([100], KnobListParser.Integers("100", "--batch-size", "10,50,100"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("  ")]
    public void Integers_Empty_IsRefused(string text)
    {
        var refusal = Assert.Throws<UsageException>(() => KnobListParser.Integers(text, "--tasks", "4,12,32"));

        AssertOneSentence(refusal, "--tasks");
        Assert.Contains("at least one value", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Integers_EmptyItem_IsRefused()
    {
        var refusal = Assert.Throws<UsageException>(() => KnobListParser.Integers("4,,12", "--tasks", "4,12,32"));

        AssertOneSentence(refusal, "--tasks");
        Assert.Contains("empty value", refusal.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("4,twelve")]
    [InlineData("4;12")]
    [InlineData("1.5")]
    public void Integers_NotAWholeNumber_NamesTheValue(string text)
    {
        var refusal = Assert.Throws<UsageException>(() => KnobListParser.Integers(text, "--batch-size", "10,50,100"));

        AssertOneSentence(refusal, "--batch-size");
        Assert.Contains("not a whole number", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Integers_Duplicate_IsRefused()
    {
        var refusal = Assert.Throws<UsageException>(() => KnobListParser.Integers("4,12,4", "--tasks", "4,12,32"));

        AssertOneSentence(refusal, "--tasks");
        Assert.Contains("lists 4 twice", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Partitions_AreCanonical_SoSpellingsOfOneStrategyAreOneValue()
    {
        Assert.Equal(["single", "spread:8", "per-task"], KnobListParser.Partitions("Single, SPREAD:8,per-task"));
        Assert.Throws<UsageException>(() => KnobListParser.Partitions("single,SINGLE"));
    }

    [Fact]
    public void Partitions_Unknown_IsRefusedWithTheValue()
    {
        var refusal = Assert.Throws<UsageException>(() => KnobListParser.Partitions("single,diagonal"));

        AssertOneSentence(refusal, "--partitions");
        Assert.Contains("'diagonal'", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Operations_Unknown_IsRefusedNamingEveryOperation()
    {
        var refusal = Assert.Throws<UsageException>(() => KnobListParser.Operations("insert,upsert"));

        AssertOneSentence(refusal, "--operation");
        Assert.Contains("'upsert'", refusal.Message, StringComparison.Ordinal);
        Assert.All(Enum.GetValues<TableOperation>(), o => Assert.Contains(o.ToName(), refusal.Message, StringComparison.Ordinal));
    }

    [Fact]
    public void Rates_Absent_IsTheClosedModelAlone()
    {
        Assert.Equal([null], KnobListParser.Rates(null));
    }

    [Fact]
    public void Rates_InRequestsPerSecond_KeepTheirUnit()
    {
        Assert.Equal([RateTarget.Requests(500), RateTarget.Requests(1000)], KnobListParser.Rates("500rps, 1000RPS"));
    }

    [Theory]
    [InlineData("1000,2000rps", "--rate '1000,2000rps' mixes entities per second and requests per second; give every rate of a sweep in one unit, such as --rate 1000,5000 or --rate 1000rps,2000rps.")]
    [InlineData("1000rpm", "--rate value '1000rpm' is not a positive rate such as 5600 or 5600eps (entities per second) or 2000rps (requests per second); give a list such as --rate 1000,5000 or --rate 1000rps,2000rps.")]
    [InlineData("500rps,500rps", "--rate lists 500rps twice; give each value once.")]
    public void Rates_InTwoUnits_OrAnotherUnit_OrTwice_AreRefused(string text, string sentence) =>
        Assert.Equal(sentence, Assert.Throws<UsageException>(() => KnobListParser.Rates(text)).Message);

    [Fact]
    public void Rates_Given_AreInvariantNumbers()
    {
        Assert.Equal([RateTarget.Entities(1000), RateTarget.Entities(2500.5)], KnobListParser.Rates("1000,2500.5"));
    }

    [Theory]
    [InlineData("0")]
    [InlineData("-5")]
    [InlineData("1,5e3x")]
    public void Rates_NotPositiveNumbers_AreRefused(string text)
    {
        var refusal = Assert.Throws<UsageException>(() => KnobListParser.Rates(text));

        AssertOneSentence(refusal, "--rate");
    }
}
