using System.Text;
using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class QueryAnswerTests
{
    [Fact]
    public void Inspect_CountsTheValueArraysEntities_AndPricesEachAsAPointReadOfItsJson()
    {
        var large = $"{{\"PartitionKey\":\"p\",\"RowKey\":\"b\",\"Data\":\"{new string('x', 10 * 1024)}\"}}";
        var json = $"{{\"odata.metadata\":\"http://x/$metadata#t\",\"value\":[{{\"PartitionKey\":\"p\",\"RowKey\":\"a\",\"n\":[1,2]}},{large}]}}";

        var (entities, charges) = QueryAnswer.Inspect(Encoding.UTF8.GetBytes(json));

        Assert.Equal(2, entities);
        var largeKb = Encoding.UTF8.GetByteCount(large) / 1024.0;
        Assert.Equal(1 + (1 + (9 * (largeKb - 1) / 99)), charges, precision: 9);
    }

    [Theory]
    [InlineData("{\"value\":[]}")]
    [InlineData("{\"odata.error\":{\"code\":\"ResourceNotFound\"}}")]
    [InlineData("<feed/>")]
    [InlineData("")]
    public void Inspect_NoEntities_OrNotAQueryPage_CountsNothing(string body) =>
        Assert.Equal((0, 0.0), QueryAnswer.Inspect(Encoding.UTF8.GetBytes(body)));

    [Theory]
    [InlineData(0, 1)]
    [InlineData(1024, 1)]
    [InlineData(100 * 1024, 10)]
    [InlineData(200 * 1024, 20)]
    public void PointRead_Is1RuUpTo1Kb_10RuAt100Kb_AndInProportionBeyond(long bytes, double expected) =>
        Assert.Equal(expected, ReadChargeModel.PointRead(bytes), precision: 9);
}
