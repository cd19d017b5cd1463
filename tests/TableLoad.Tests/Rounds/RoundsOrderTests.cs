using TableLoad.Rounds;

namespace TableLoad.Tests.Rounds;

public sealed class RoundsOrderTests
{
    [Fact]
    public void Rounds_AlternateABBA_AndEachFolderNamesItsRoundAndSide()
    {
        var order = RoundsOrder.Of(3);

        Assert.Equal(["r1-base", "r1-new", "r2-new", "r2-base", "r3-base", "r3-new"], order.Select(r => r.Folder));
        Assert.Equal([1, 1, 2, 2, 3, 3], order.Select(r => r.Round));
    }
}
