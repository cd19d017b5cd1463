using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class RequestClassifierTests
{
    [Theory]
    [InlineData("POST", "/devstoreaccount1/$batch", nameof(RequestKind.Batch), "devstoreaccount1", "")]
    [InlineData("POST", "/$batch", nameof(RequestKind.Batch), "", "")]
    [InlineData("POST", "/devstoreaccount1/loadtable1", nameof(RequestKind.SingleWrite), "devstoreaccount1", "loadtable1")]
    [InlineData("post", "/orders", nameof(RequestKind.SingleWrite), "", "orders")]
    [InlineData("POST", "/devstoreaccount1/Tables", nameof(RequestKind.Other), "devstoreaccount1", "")]
    [InlineData("POST", "/devstoreaccount1/tables", nameof(RequestKind.Other), "devstoreaccount1", "")]
    [InlineData("DELETE", "/devstoreaccount1/Tables('loadtable1')", nameof(RequestKind.Other), "devstoreaccount1", "")]
    [InlineData("GET", "/devstoreaccount1/$batch", nameof(RequestKind.Other), "devstoreaccount1", "")]
    [InlineData("POST", "/devstoreaccount1/loadtable1(PartitionKey='a',RowKey='b')", nameof(RequestKind.Other), "devstoreaccount1", "")]
    [InlineData("PUT", "/devstoreaccount1/loadtable1(PartitionKey='a',RowKey='b')", nameof(RequestKind.SingleWrite), "devstoreaccount1", "loadtable1")]
    [InlineData("PATCH", "/devstoreaccount1/loadtable1(PartitionKey='a',RowKey='b')", nameof(RequestKind.SingleWrite), "devstoreaccount1", "loadtable1")]
    [InlineData("MERGE", "/orders(PartitionKey='a%27%27',RowKey='b')", nameof(RequestKind.SingleWrite), "", "orders")]
    [InlineData("PUT", "/devstoreaccount1/loadtable1", nameof(RequestKind.Other), "devstoreaccount1", "")]
    [InlineData("PUT", "/devstoreaccount1/$batch", nameof(RequestKind.Other), "devstoreaccount1", "")]
    [InlineData("PATCH", "/devstoreaccount1/Tables('loadtable1')", nameof(RequestKind.Other), "devstoreaccount1", "")]
    public void Classify_TellsBatchesAndInsertsFromEverythingElse(string method, string path, string expected, string account, string table)
    {
        var kind = RequestClassifier.Classify(method, path, "", out var accountRange, out var tableRange);

        Assert.Equal(Enum.Parse<RequestKind>(expected), kind);
        Assert.Equal(account, path[accountRange]);
        Assert.Equal(table, path[tableRange]);
    }

    [Theory]
    [InlineData("GET", "/devstoreaccount1/loadtable1(PartitionKey='a',RowKey='b')", "", nameof(RequestKind.PointRead), "loadtable1")]
    [InlineData("GET", "/orders(PartitionKey='a''b',RowKey='c')", "?$select=Nonce", nameof(RequestKind.PointRead), "orders")]
    [InlineData("GET", "/devstoreaccount1/loadtable1()", "", nameof(RequestKind.Query), "loadtable1")]
    [InlineData("GET", "/devstoreaccount1/loadtable1()", "?$filter=PartitionKey%20eq%20'p'&$top=2", nameof(RequestKind.Query), "loadtable1")]
    [InlineData("GET", "/devstoreaccount1/loadtable1", "?$filter=PartitionKey%20eq%20'p'", nameof(RequestKind.Query), "loadtable1")]
    [InlineData("DELETE", "/devstoreaccount1/loadtable1(PartitionKey='a',RowKey='b')", "", nameof(RequestKind.SingleDelete), "loadtable1")]
    [InlineData("GET", "/devstoreaccount1/loadtable1", "", nameof(RequestKind.Other), "")]
    [InlineData("GET", "/devstoreaccount1", "?restype=service&comp=properties", nameof(RequestKind.Other), "")]
    [InlineData("GET", "/devstoreaccount1/Tables", "?$filter=TableName%20eq%20'x'", nameof(RequestKind.Other), "")]
    [InlineData("GET", "/devstoreaccount1/Tables('loadtable1')", "", nameof(RequestKind.Other), "")]
    [InlineData("GET", "/devstoreaccount1/Tables()", "", nameof(RequestKind.Other), "")]
    [InlineData("DELETE", "/devstoreaccount1/loadtable1", "", nameof(RequestKind.Other), "")]
    [InlineData("HEAD", "/devstoreaccount1/loadtable1(PartitionKey='a',RowKey='b')", "", nameof(RequestKind.Other), "")]
    public void Classify_TellsPointReadsQueriesAndDeletes_FromTableCalls(string method, string path, string query, string expected, string table)
    {
        var kind = RequestClassifier.Classify(method, path, query, out _, out var tableRange);

        Assert.Equal(Enum.Parse<RequestKind>(expected), kind);
        Assert.Equal(table, path[tableRange]);
    }
}
