using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class RequestClassifierTests
{
    [Theory]
    [InlineData("POST", "/devstoreaccount1/$batch", RequestKind.Batch, "devstoreaccount1", "")]
    [InlineData("POST", "/$batch", RequestKind.Batch, "", "")]
    [InlineData("POST", "/devstoreaccount1/loadtable1", RequestKind.Insert, "devstoreaccount1", "loadtable1")]
    [InlineData("post", "/orders", RequestKind.Insert, "", "orders")]
    [InlineData("POST", "/devstoreaccount1/Tables", RequestKind.Other, "devstoreaccount1", "")]
    [InlineData("POST", "/devstoreaccount1/tables", RequestKind.Other, "devstoreaccount1", "")]
    [InlineData("DELETE", "/devstoreaccount1/Tables('loadtable1')", RequestKind.Other, "", "")]
    [InlineData("GET", "/devstoreaccount1/loadtable1()", RequestKind.Other, "", "")]
    [InlineData("GET", "/devstoreaccount1/$batch", RequestKind.Other, "", "")]
    [InlineData("POST", "/devstoreaccount1/loadtable1(PartitionKey='a',RowKey='b')", RequestKind.Other, "devstoreaccount1", "")]
    public void Classify_TellsBatchesAndInsertsFromEverythingElse(string method, string path, RequestKind expected, string account, string table)
    {
        var kind = RequestClassifier.Classify(method, path, out var accountRange, out var tableRange);

        Assert.Equal(expected, kind);
        Assert.Equal(account, path[accountRange]);
        Assert.Equal(table, path[tableRange]);
    }
}
