using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class WeightedChoiceParserTests
{
    private const string Names = "insert, upsert-replace or upsert-merge";
    private const string Example = "upsert-replace:80,upsert-merge:20";

    private static string Refusal(string? text)
    {
        Assert.False(WeightedChoiceParser.TryParse<TableOperation>(text, "--mix", TableOperationNames.TryParse, Names, Example, out _, out var fault));
        Assert.DoesNotContain('\n', fault);
        Assert.EndsWith(".", fault, StringComparison.Ordinal);
        return fault;
    }

    [Fact]
    public void TryParse_Pairs_GiveTheirItemsAndShares()
    {
        Assert.True(WeightedChoiceParser.TryParse<TableOperation>(" upsert-replace:3 , UPSERT-MERGE:1,insert:0", "--mix",
            TableOperationNames.TryParse, Names, Example, out var choice, out _));

        Assert.Equal([TableOperation.UpsertReplace, TableOperation.UpsertMerge, TableOperation.Insert], choice.Items);
        Assert.Equal([0.75, 0.25, 0.0], Enumerable.Range(0, 3).Select(choice.Share));
    }

    [Fact]
    public void TryParse_FractionalAndExponentWeights_AreNumbers()
    {
        Assert.True(WeightedChoiceParser.TryParse<TableOperation>("insert:0.5,upsert-merge:1e1", "--mix",
            TableOperationNames.TryParse, Names, Example, out var choice, out _));

        Assert.Equal(10.5, choice.Total);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("  ")]
    public void TryParse_Empty_IsRefused(string? text) =>
        Assert.Equal("--mix is empty; write NAME:WEIGHT pairs such as --mix upsert-replace:80,upsert-merge:20.", Refusal(text));

    [Theory]
    [InlineData("insert:abc", "'abc'")]
    [InlineData("insert:", "''")]
    [InlineData("insert:NaN", "'NaN'")]
    [InlineData("insert:Infinity", "'Infinity'")]
    public void TryParse_WeightNotANumber_IsRefused(string text, string shown) =>
        Assert.Contains($"has a weight that is not a number, {shown};", Refusal(text), StringComparison.Ordinal);

    [Fact]
    public void TryParse_CommaDecimalWeight_IsRefusedAsAPairWithoutWeight() =>
        Assert.Equal("--mix '5' has no weight; write NAME:WEIGHT pairs such as --mix upsert-replace:80,upsert-merge:20.", Refusal("insert:1,5"));

    [Fact]
    public void TryParse_NegativeWeight_IsRefused() =>
        Assert.Equal("--mix 'insert:-5' has a negative weight; a weight is 0 or more.", Refusal("upsert-merge:10,insert:-5"));

    [Theory]
    [InlineData("insert:0")]
    [InlineData("insert:0,upsert-merge:0.0")]
    public void TryParse_WeightsSummingToZero_AreRefused(string text) =>
        Assert.Equal($"--mix '{text}' has weights that sum to 0, so nothing could be drawn; give at least one a weight above 0.", Refusal(text));

    [Fact]
    public void TryParse_WeightsTooLargeToAdd_AreRefused() =>
        Assert.StartsWith("--mix 'insert:1e308,upsert-merge:1e308' has weights too large to add up", Refusal("insert:1e308,upsert-merge:1e308"), StringComparison.Ordinal);

    [Fact]
    public void TryParse_UnknownName_IsRefusedWithTheNamesKnown() =>
        Assert.Equal("--mix 'reed:80' names 'reed', which is not one of insert, upsert-replace or upsert-merge.", Refusal("reed:80,insert:20"));

    [Fact]
    public void TryParse_NoName_IsRefused() =>
        Assert.StartsWith("--mix ':80' has no name before its weight;", Refusal(":80"), StringComparison.Ordinal);

    [Fact]
    public void TryParse_NameTwice_IsRefused_AlsoInAnotherSpelling() =>
        Assert.Equal("--mix 'insert:1,upsert-merge:2,Insert:3' names Insert twice; give each once, with its whole weight.", Refusal("insert:1,upsert-merge:2,Insert:3"));

    [Theory]
    [InlineData("insert:1,,upsert-merge:2")]
    [InlineData("insert:1,")]
    public void TryParse_EmptyPair_IsRefused(string text) =>
        Assert.StartsWith("--mix has an empty pair (two commas, or one at an end);", Refusal(text), StringComparison.Ordinal);
}
