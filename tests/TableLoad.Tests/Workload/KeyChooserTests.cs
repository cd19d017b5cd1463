using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class KeyChooserTests
{
    [Theory]
    [InlineData("uniform")]
    [InlineData("zipfian")]
    [InlineData("latest")]
    public void Next_AnyDistribution_StaysInTheKeySpace_AndAllocatesNothing(string name)
    {
        Assert.True(KeyDistributionNames.TryParse(name, out var distribution));
        long written = 7;
        var sut = KeyChooser.Create(distribution, 7, new Random(31), () => written++);
        sut.Next();

        var outside = 0;
        var allocated = AllocatedBytes.Fewest(() =>
        {
            for (var i = 0; i < 10_000; i++)
            {
                outside += sut.Next() is < 0 or >= 7 ? 1 : 0;
            }
        });

        Assert.Equal(0, allocated);
        Assert.Equal(0, outside);
    }

    [Fact]
    public void Next_WeightedChoice_AllocatesNothing()
    {
        var sut = new WeightedChoice<KeyDistribution>([(KeyDistribution.Uniform, 1), (KeyDistribution.Latest, 2)]);
        var random = new Random(37);
        sut.Next(random);

        var allocated = AllocatedBytes.Fewest(() =>
        {
            for (var i = 0; i < 10_000; i++)
            {
                sut.Next(random);
            }
        });

        Assert.Equal(0, allocated);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(RowKeys.MaxKeySpace + 1)]
    public void Create_KeySpaceOutsideItsRange_Throws(int keySpace) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => KeyChooser.Create(KeyDistribution.Uniform, keySpace, new Random(1)));

    [Theory]
    [InlineData(0.5, true)]
    [InlineData(0.99, true)]
    [InlineData(0.0, false)]
    [InlineData(1.0, false)]
    [InlineData(1.5, false)]
    public void AcceptsZipfianConstant_OnlyBetweenZeroAndOne(double constant, bool accepted) =>
        Assert.Equal(accepted, KeyChooser.AcceptsZipfianConstant(constant));
}
