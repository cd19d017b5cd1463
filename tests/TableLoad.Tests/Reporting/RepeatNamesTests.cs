using TableLoad.Reporting;
using TableLoad.Storage;
using TableLoad.Sweep;

namespace TableLoad.Tests.Reporting;

public sealed class RepeatNamesTests
{
    [Theory]
    [InlineData("sdk-p1-t4-b100-e1024-single-r2", true)]
    [InlineData("sdk-p1-t4-b100-e1024-single-r12", true)]
    [InlineData("sdk-p1-t4-b100-e1024-single-r", false)]
    [InlineData("sdk-p1-t4-b100-e1024-single-r2x", false)]
    [InlineData("sdk-p1-t4-b100-e1024-single-rate500-r1", false)]
    public void IsRepeatOf_TakesThePointTheMarkerAndANumber_AndNothingElse(string name, bool repeat) =>
        Assert.Equal(repeat, RepeatNames.IsRepeatOf(name, "sdk-p1-t4-b100-e1024-single"));

    [Fact]
    public void ASweepCellsName_IsItsPointNamedAsARepeat()
    {
        var cell = new SweepCell(BatchClientKind.Sdk, 1, 4, 100, EntityShape.OfSize(1024), "single", CellLoad.Closed, 3);

        Assert.Equal("sdk-p1-t4-b100-e1024-single-r3", cell.Name);
        Assert.True(RepeatNames.IsRepeatOf(cell.Name, cell.PointName));
        Assert.Equal(cell.PointName, (cell with { Repeat = 1 }).PointName);
    }
}
