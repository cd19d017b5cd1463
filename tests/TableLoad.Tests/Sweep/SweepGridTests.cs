using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Sweep;

namespace TableLoad.Tests.Sweep;

public sealed class SweepGridTests
{
    private static SweepKnobs CreateKnobs(
        int[]? processes = null, int[]? tasks = null, int[]? batchSizes = null, int[]? entitySizes = null, string[]? partitions = null, double[]? rates = null, BatchClientKind[]? clients = null, string[]? runtimes = null) =>
        new(clients ?? [BatchClientKind.Sdk], runtimes ?? ["tuned"], processes ?? [1], tasks ?? [12], [.. (batchSizes ?? [100]).Select(Batching.Of)], (entitySizes ?? [1024]).Select(EntityShape.OfSize).ToList(), partitions ?? ["single"], rates?.Select(r => (RateTarget?)RateTarget.Entities(r)).ToList() ?? [null]);

    [Fact]
    public void Expand_EveryKnob_GivesTheFullProductInNestedOrder_ClientOutermostRateInnermost()
    {
        var knobs = CreateKnobs(processes: [1, 2], tasks: [4, 12], batchSizes: [10, 100], entitySizes: [1024, 4096], partitions: ["single", "spread:8"], rates: [1000, 5000], clients: [BatchClientKind.Sdk, BatchClientKind.Wire]);

        var cells = SweepGrid.Expand(knobs, repeat: 1);

        Assert.Equal(128, cells.Count);
        Assert.Equal(new SweepCell(BatchClientKind.Wire, 1, 4, 10, EntityShape.OfSize(1024), "single", CellLoad.Of(RateTarget.Entities(1000)), 1), cells[64]);
        Assert.Equal(new SweepCell(BatchClientKind.Sdk, 1, 4, 10, EntityShape.OfSize(1024), "single", CellLoad.Of(RateTarget.Entities(1000)), 1), cells[0]);
        Assert.Equal(new SweepCell(BatchClientKind.Sdk, 1, 4, 10, EntityShape.OfSize(1024), "single", CellLoad.Of(RateTarget.Entities(5000)), 1), cells[1]);
        Assert.Equal(new SweepCell(BatchClientKind.Sdk, 1, 4, 10, EntityShape.OfSize(1024), "spread:8", CellLoad.Of(RateTarget.Entities(1000)), 1), cells[2]);
        Assert.Equal(new SweepCell(BatchClientKind.Sdk, 1, 4, 10, EntityShape.OfSize(4096), "single", CellLoad.Of(RateTarget.Entities(1000)), 1), cells[4]);
        Assert.Equal(new SweepCell(BatchClientKind.Sdk, 1, 4, 100, EntityShape.OfSize(1024), "single", CellLoad.Of(RateTarget.Entities(1000)), 1), cells[8]);
        Assert.Equal(new SweepCell(BatchClientKind.Sdk, 1, 12, 10, EntityShape.OfSize(1024), "single", CellLoad.Of(RateTarget.Entities(1000)), 1), cells[16]);
        Assert.Equal(new SweepCell(BatchClientKind.Sdk, 2, 4, 10, EntityShape.OfSize(1024), "single", CellLoad.Of(RateTarget.Entities(1000)), 1), cells[32]);
        Assert.Equal(new SweepCell(BatchClientKind.Sdk, 2, 12, 100, EntityShape.OfSize(4096), "spread:8", CellLoad.Of(RateTarget.Entities(5000)), 1), cells[63]);
        Assert.Equal(new SweepCell(BatchClientKind.Wire, 2, 12, 100, EntityShape.OfSize(4096), "spread:8", CellLoad.Of(RateTarget.Entities(5000)), 1), cells[^1]);
    }

    [Fact]
    public void Expand_KeepsEachListInTheGivenOrder()
    {
        var cells = SweepGrid.Expand(CreateKnobs(tasks: [32, 4, 12]), repeat: 1);

        Assert.Equal([32, 4, 12], cells.Select(c => c.Tasks));
    }

    [Fact]
    public void Expand_Repeat_RunsWholePassesOneAfterTheOther()
    {
        var cells = SweepGrid.Expand(CreateKnobs(tasks: [4, 12]), repeat: 3);

        Assert.Equal([(4, 1), (12, 1), (4, 2), (12, 2), (4, 3), (12, 3)], cells.Select(c => (c.Tasks, c.Repeat)));
    }

    [Fact]
    public void Expand_IsStable_SameKnobsGiveTheSameCells()
    {
        var knobs = CreateKnobs(processes: [1, 2], tasks: [4, 12], partitions: ["single", "per-task"]);

        Assert.Equal(SweepGrid.Expand(knobs, 2), SweepGrid.Expand(knobs, 2));
    }

    [Fact]
    public void Name_ClosedModel_NamesEveryKnobAndThePass()
    {
        var cell = new SweepCell(BatchClientKind.Sdk, 2, 12, 100, EntityShape.OfSize(1024), "single", CellLoad.Closed, 1);

        Assert.Equal("sdk-p2-t12-b100-e1024-single-r1", cell.Name);
    }

    [Theory]
    [InlineData("spread:8", 5000.0, "sdk-p1-t4-b10-e4096-spread8-rate5000-r2")]
    [InlineData("per-task", 2.5, "sdk-p1-t4-b10-e4096-per-task-rate2.5-r2")]
    public void Name_PartitionsAndRate_AreSpelledWithoutColons(string partitions, double rate, string expected)
    {
        var cell = new SweepCell(BatchClientKind.Sdk, 1, 4, 10, EntityShape.OfSize(4096), partitions, CellLoad.Of(RateTarget.Entities(rate)), 2);

        Assert.Equal(expected, cell.Name);
    }

    [Fact]
    public void Name_EveryCellOfAGrid_IsUniqueAndSafeAsAFolderName()
    {
        var knobs = CreateKnobs(processes: [1, 3], tasks: [4, 12], batchSizes: [10, 100], partitions: ["single", "per-task", "spread:8", "spread:16"], rates: [1000, 1500.5], clients: [BatchClientKind.Sdk, BatchClientKind.Wire]);

        var names = SweepGrid.Expand(knobs, repeat: 2).Select(c => c.Name).ToList();

        Assert.Equal(names.Count, names.Distinct(StringComparer.OrdinalIgnoreCase).Count());
        Assert.All(names, n => Assert.Matches("^[a-z0-9.-]+$", n));
    }

    [Fact]
    public void InnermostVarying_IsTheLastKnobWithSeveralValues()
    {
        Assert.Equal(SweepKnob.BatchSize, CreateKnobs(tasks: [4, 12], batchSizes: [10, 100]).InnermostVarying());
        Assert.Equal(SweepKnob.Rate, CreateKnobs(tasks: [4, 12], rates: [1000, 2000]).InnermostVarying());
        Assert.Equal(SweepKnob.Processes, CreateKnobs(processes: [1, 2]).InnermostVarying());
        Assert.Null(CreateKnobs().InnermostVarying());
    }

    [Fact]
    public void Expand_Operations_VaryInsideTheRuntime_AndOnlyAnUpsertCellSaysItsOperationInItsName()
    {
        var cells = SweepGrid.Expand(CreateKnobs(runtimes: ["tuned", "defaults"]) with { Operations = [CellWorkload.Default, new CellWorkload.OneOperation(TableOperation.UpsertMerge)] }, repeat: 1);

        Assert.Equal(["sdk", "sdk-upsert-merge", "sdk-defaults", "sdk-defaults-upsert-merge"], cells.Select(c => c.Name[..c.Name.IndexOf("-p", StringComparison.Ordinal)]));
        Assert.Equal(["insert", "upsert-merge", "insert", "upsert-merge"], cells.Select(c => c.Workload.Text));
    }

    [Fact]
    public void Expand_Runtimes_VaryInsideTheClient_AndOnlyAnUntunedCellSaysItsRuntimeInItsName()
    {
        var cells = SweepGrid.Expand(CreateKnobs(clients: [BatchClientKind.Sdk, BatchClientKind.Wire], runtimes: ["tuned", "defaults"]), repeat: 1);

        Assert.Equal(["sdk", "sdk-defaults", "wire", "wire-defaults"], cells.Select(c => c.Name[..c.Name.IndexOf("-p", StringComparison.Ordinal)]));
        Assert.Equal(["tuned", "defaults", "tuned", "defaults"], cells.Select(c => c.Runtime));
        Assert.Equal("sdk-p1-t12-b100-e1024-single-r1", cells[0].Name);
    }
}
