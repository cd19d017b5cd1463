using TableLoad.Reporting;

namespace TableLoad.Tests.Reporting;

public sealed class PreloadProgressTests
{
    [Fact]
    public void Format_SaysTheStoredOfTheTotal_TheRateSoFar_AndTheTimeLeftAtIt()
    {
        var line = PreloadProgress.Format(62_000, 2_400_000, TimeSpan.FromSeconds(10));

        // 2,338,000 left at 6,200 e/s: 377 s.
        Assert.Equal("[preload   10s] 62000/2400000 entities (2.6%), 6200 e/s, about 0:06:17 left", line);
    }

    [Fact]
    public void Format_BeforeAnythingIsStored_SaysTheTimeLeftIsNotKnown()
    {
        Assert.Equal("[preload    5s] 0/1000 entities (0.0%), 0 e/s, time left not known yet", PreloadProgress.Format(0, 1000, TimeSpan.FromSeconds(5)));
    }

    [Fact]
    public void Format_ALongPreload_CountsHoursPastADay()
    {
        Assert.EndsWith("1 e/s, about 27:46:40 left", PreloadProgress.Format(1, 100_001, TimeSpan.FromSeconds(1)), StringComparison.Ordinal);
    }
}
