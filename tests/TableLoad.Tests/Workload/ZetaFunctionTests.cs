using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class ZetaFunctionTests
{
    private static double DirectSum(long n, double theta)
    {
        var sum = 0.0;
        // Smallest terms first, so the large ones do not swallow them.
        for (var i = n; i >= 1; i--)
        {
            sum += Math.Pow(i, -theta);
        }

        return sum;
    }

    [Theory]
    [InlineData(1, 0.99)]
    [InlineData(2, 0.99)]
    [InlineData(16, 0.99)]
    [InlineData(17, 0.99)]
    [InlineData(100, 0.99)]
    [InlineData(12_345, 0.99)]
    [InlineData(1_000_000, 0.99)]
    [InlineData(1_000, 0.5)]
    [InlineData(1_000_000, 0.01)]
    public void Of_EqualsTheDirectSum(long n, double theta)
    {
        var expected = DirectSum(n, theta);

        Assert.Equal(expected, new ZetaFunction(theta).Of(n), expected * 1e-12);
    }

    [Fact]
    public void Of_YcsbsItemSpace_EqualsYcsbsConstant()
    {
        // YCSB's ScrambledZipfianGenerator.ZETAN, ζ(10^10) for θ = 0.99, which it summed once and wrote down.
        const double YcsbZetan = 26.46902820178302;

        Assert.Equal(YcsbZetan, new ZetaFunction(0.99).Of(ScrambledZipfianKeys.ItemSpace), YcsbZetan * 1e-11);
    }

    [Fact]
    public void Of_Zero_IsZero() => Assert.Equal(0, new ZetaFunction(0.99).Of(0));

    [Theory]
    [InlineData(0.0)]
    [InlineData(1.0)]
    [InlineData(-0.5)]
    [InlineData(double.NaN)]
    public void Constructor_ConstantOutsideZeroToOne_IsRefused(double theta) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new ZetaFunction(theta));
}
