using System.Text;
using TableLoad.Proxy;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Tests.Proxy;

public sealed class BatchInspectorTests
{
    private const string TableUrl = "http://127.0.0.1:10102/devstoreaccount1/loadtable1";

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(100)]
    public void InspectBatch_BodyFromBatchBodyWriter_CountsOperationsAndReadsTheFirstPartitionKey(int count)
    {
        var body = CreateBatch("tl-p0000042", count).Span;

        var shape = BatchInspector.InspectBatch(body);

        Assert.Equal(count, shape.Operations);
        Assert.Equal("loadtable1", Encoding.ASCII.GetString(body[shape.Table]));
        Assert.Equal("tl-p0000042", shape.PartitionKeyText(body));
    }

    [Fact]
    public void InspectBatch_Deletes_AreCountedApart_AndTheFirstDeletesAddressNamesThePartition()
    {
        var body = Encoding.UTF8.GetBytes(string.Join("\r\n",
            "--batch_1", "Content-Type: multipart/mixed; boundary=changeset_1", "",
            "--changeset_1", "Content-Type: application/http", "Content-Transfer-Encoding: binary", "",
            $"DELETE {TableUrl}(PartitionKey='tl%20p''1',RowKey='r1') HTTP/1.1", "If-Match: *", "Accept: application/json;odata=minimalmetadata", "",
            "--changeset_1", "Content-Type: application/http", "Content-Transfer-Encoding: binary", "",
            $"PUT {TableUrl}(PartitionKey='tl%20p''1',RowKey='r2') HTTP/1.1", "Content-Type: application/json", "",
            "{\"PartitionKey\":\"tl p'1\",\"RowKey\":\"r2\",\"Size\":3}",
            "--changeset_1", "Content-Type: application/http", "Content-Transfer-Encoding: binary", "",
            $"DELETE {TableUrl}(PartitionKey='tl%20p''1',RowKey='r3') HTTP/1.1", "If-Match: W/\"datetime'x'\"", "",
            "--changeset_1--", "--batch_1--", ""));

        var shape = BatchInspector.InspectBatch(body);

        Assert.Equal(3, shape.Operations);
        Assert.Equal(2, shape.Deletes);
        Assert.Equal("loadtable1", Encoding.ASCII.GetString(body[shape.Table]));
        Assert.Equal("tl p'1", shape.PartitionKeyText(body));
        var oneWrite = EntityCharges.OfEntity(Encoding.UTF8.GetBytes("{\"PartitionKey\":\"tl p'1\",\"RowKey\":\"r2\",\"Size\":3}"), out _);
        Assert.Equal(oneWrite + (2 * WriteChargeModel.Delete), EntityCharges.OfBatch(body), precision: 9);
        Assert.Equal(4.95, WriteChargeModel.Delete, precision: 9);
    }

    [Theory]
    [InlineData("upsert-replace")]
    [InlineData("upsert-merge")]
    public void InspectBatch_UpsertsAddressedToTheirEntities_CountLikeInserts(string operation)
    {
        Assert.True(TableLoad.Storage.TableOperationNames.TryParse(operation, out var parsed));
        var writer = new BatchBodyWriter(EntityTemplate.Create(entitySize: 1024, properties: 8), TableUrl, parsed);
        var body = writer.Write(new BatchIdentity("tl-0007", "tl-000-000-0001-", "nonce-1", 45, 50), 10).Span;

        var shape = BatchInspector.InspectBatch(body);

        Assert.Equal(10, shape.Operations);
        Assert.Equal("loadtable1", Encoding.ASCII.GetString(body[shape.Table]));
        Assert.Equal("tl-0007", shape.PartitionKeyText(body));
    }

    [Fact]
    public void InspectBatch_LargeEntities_StillFindsEveryOperation()
    {
        var writer = new BatchBodyWriter(EntityTemplate.Create(entitySize: 40_000, properties: 4), TableUrl);
        var body = writer.Write("big", "row", "nonce-123", 100).Span;

        var shape = BatchInspector.InspectBatch(body);

        Assert.True(body.Length > 4_000_000);
        Assert.Equal(100, shape.Operations);
        Assert.Equal("big", shape.PartitionKeyText(body));
    }

    [Fact]
    public void InspectBatch_EscapedPartitionKey_IsUnescaped()
    {
        var key = "p\"quoted\" é \u00e9 tab\t end";
        var body = CreateBatch(key, 3).Span;

        var shape = BatchInspector.InspectBatch(body);

        Assert.True(shape.PartitionKeyEscaped);
        Assert.Equal(key, shape.PartitionKeyText(body));
    }

    [Fact]
    public void InspectBatch_PartitionKeyAfterOtherProperties_IsFound()
    {
        var body = Encoding.UTF8.GetBytes(
            "--batch_1\r\nContent-Type: multipart/mixed; boundary=changeset_1\r\n\r\n" +
            "--changeset_1\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n" +
            "POST https://acct.table.core.windows.net/orders?timeout=30 HTTP/1.1\r\nContent-Type: application/json\r\n\r\n" +
            "{\"RowKey\":\"r1\",\"Nested\":{\"PartitionKey\":\"inner\"},\"List\":[1,2],\"PartitionKey\":\"outer\"}\r\n" +
            "--changeset_1\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n" +
            "POST https://acct.table.core.windows.net/orders HTTP/1.1\r\nContent-Type: application/json\r\n\r\n" +
            "{\"PartitionKey\":\"outer\",\"RowKey\":\"r2\"}\r\n--changeset_1--\r\n--batch_1--\r\n");

        var shape = BatchInspector.InspectBatch(body);

        Assert.Equal(2, shape.Operations);
        Assert.Equal("orders", Encoding.ASCII.GetString(body.AsSpan()[shape.Table]));
        Assert.Equal("outer", shape.PartitionKeyText(body));
    }

    [Fact]
    public void InspectBatch_NotABatch_FindsNoOperations()
    {
        var shape = BatchInspector.InspectBatch("hello"u8);

        Assert.Equal(0, shape.Operations);
        Assert.Equal("", shape.PartitionKeyText("hello"u8));
    }

    [Fact]
    public void InspectEntity_SingleInsertBody_IsOneEntityWithItsPartitionKey()
    {
        var body = "{\"PartitionKey\":\"pk1\",\"RowKey\":\"rk1\",\"Batch\":\"n\"}"u8;

        var shape = BatchInspector.InspectEntity(body);

        Assert.Equal(1, shape.Operations);
        Assert.Equal("pk1", shape.PartitionKeyText(body));
    }

    [Fact]
    public void InspectEntity_BodyWithoutPartitionKey_CountsOneWithAnEmptyKey()
    {
        var body = "{\"RowKey\":\"rk1\"}"u8;

        var shape = BatchInspector.InspectEntity(body);

        Assert.Equal(1, shape.Operations);
        Assert.Equal("", shape.PartitionKeyText(body));
    }

    [Fact]
    public void CopyPartitionKey_DestinationTooSmall_ReturnsMinusOne()
    {
        var body = CreateBatch("a-fairly-long-partition-key", 1).Span;
        var shape = BatchInspector.InspectBatch(body);

        Assert.Equal(-1, shape.CopyPartitionKey(body, new char[4]));
    }

    private static ReadOnlyMemory<byte> CreateBatch(string partitionKey, int count) =>
        new BatchBodyWriter(EntityTemplate.Create(entitySize: 1024, properties: 8), TableUrl).Write(partitionKey, "tl-r-", "nonce-1", count).ToArray();
}
