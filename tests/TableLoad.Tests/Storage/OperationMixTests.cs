using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

public sealed class OperationMixTests
{
    [Fact]
    public void TryParse_ThenToText_GivesTheMixAsTheResultFilesNameIt()
    {
        Assert.True(OperationMix.TryParse(" READ:80 , upsert-replace:20.5", out var mix, out _));

        Assert.Equal([TableOperation.Read, TableOperation.UpsertReplace], mix.Operations);
        Assert.Equal("read:80,upsert-replace:20.5", mix.ToText());
        Assert.True(OperationMix.TryParse(mix.ToText(), out var again, out _));
        Assert.Equal(mix.ToText(), again.ToText());
    }

    [Theory]
    [InlineData("insert:1,read:1", "insert")]
    [InlineData("read:1,delete:1", "delete")]
    public void TryParse_AnOperationThatChangesTheKeySpace_IsRefusedByName(string text, string refused)
    {
        Assert.False(OperationMix.TryParse(text, out _, out var fault));

        Assert.StartsWith($"--mix '{text}' holds {refused},", fault, StringComparison.Ordinal);
    }

    [Fact]
    public void ToChoice_DrawsEachOperationItsShare()
    {
        Assert.True(OperationMix.TryParse("read:3,query:1", out var mix, out _));
        var choice = mix.ToChoice();
        var random = new Random(7);

        var reads = Enumerable.Range(0, 40_000).Count(_ => choice.Next(random) == TableOperation.Read);

        // 30,000 expected; the binomial's standard deviation is about 87, so 600 is some seven of them.
        Assert.InRange(reads, 29_400, 30_600);
    }
}
