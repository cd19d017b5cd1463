using TableLoad.Engine;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Engine;

public sealed class MemoryBudgetTests
{
    private const long Mib = 1024 * 1024;

    [Fact]
    public void ATunedSdkProcess_WhoseEstimateExceedsItsHeapLimit_IsWarned_WithTheFiguresAndTheRemedies()
    {
        var settings = Settings().WithLoads(l => l with { Model = new LoadModel.Closed(256) });

        var warning = MemoryBudget.Warning(settings, gcHeaps: 2, heapHardLimitBytes: 768 * Mib);

        // 100 + 2 x 210 + 256 x 6 MiB.
        Assert.NotNull(warning);
        Assert.Contains("about 2056 MiB", warning, StringComparison.Ordinal);
        Assert.Contains("768 MiB GC heap limit", warning, StringComparison.Ordinal);
        Assert.Contains("--runtime defaults", warning, StringComparison.Ordinal);
    }

    [Fact]
    public void WorkersAreHeldAgainstTheirShareOfTheLimit()
    {
        var settings = Settings().WithLoads(l => l with { Model = new LoadModel.Closed(16) }) with { Processes = 4 };

        // 100 + 2 x 210 + 16 x 6 = 616 MiB a process: inside 2560 MiB alone, not inside a fifth of it (4 workers and their coordinator).
        Assert.Null(MemoryBudget.Warning(settings with { Processes = 1 }, 2, 2560 * Mib));
        Assert.Contains("its 512 MiB GC heap limit", MemoryBudget.Warning(settings, 2, 2560 * Mib), StringComparison.Ordinal);
    }

    [Fact]
    public void SmallerBatchesNeedLessForTheirTasks()
    {
        Assert.Equal(100 + 420 + 96, MemoryBudget.EstimatePeakRssMib(2, 16, 100, 1024));
        Assert.Equal(100 + 420 + 20, MemoryBudget.EstimatePeakRssMib(2, 16, 20, 1024));
    }

    [Theory]
    [InlineData("defaults", "sdk", 768L)]
    [InlineData("tuned", "wire", 768L)]
    [InlineData("tuned", "sdk", 0L)]
    public void NoWarning_WhereTheGcAdapts_TheClientAllocatesLittle_OrThereIsNoLimit(string runtime, string client, long limitMib)
    {
        Assert.True(RuntimeProfiles.TryParse(runtime, out var profile));
        Assert.True(BatchClientKindNames.TryParse(client, out var kind));
        var settings = Settings().WithLoads(l => l with { Model = new LoadModel.Closed(256) }) with { Runtime = profile, Client = kind };

        Assert.Null(MemoryBudget.Warning(settings, 4, limitMib * Mib));
    }

    private static RunSettings Settings() => DefaultRunSettings.Create().WithLoads(l => l with { Batching = 100, EntitySize = 1024 }) with { Runtime = RuntimeProfile.Tuned, Client = BatchClientKind.Sdk, Processes = 1 };
}
