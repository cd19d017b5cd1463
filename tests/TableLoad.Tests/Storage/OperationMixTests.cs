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

    [Fact]
    public void TryParse_ADelete_IsRefusedByName_WithWhy()
    {
        Assert.False(OperationMix.TryParse("read:1,delete:1", out _, out var fault));

        Assert.Equal("--mix 'read:1,delete:1' holds delete, which would take away keys the others draw from (a read of one would find nothing): a mix holds insert, upsert-replace, upsert-merge, read, query, read-modify-write.", fault);
    }

    [Fact]
    public void TryParse_AnInsert_IsTaken()
    {
        Assert.True(OperationMix.TryParse("read:95,insert:5", out var mix, out _));

        Assert.Equal([TableOperation.Read, TableOperation.Insert], mix.Operations);
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
