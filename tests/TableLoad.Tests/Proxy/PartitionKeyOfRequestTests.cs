using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class PartitionKeyOfRequestTests
{
    [Theory]
    [InlineData("loadtable1(PartitionKey='p1',RowKey='r1')", "p1")]
    [InlineData("orders(PartitionKey='o''brien',RowKey='r')", "o'brien")]
    [InlineData("orders(PartitionKey='',RowKey='r')", "")]
    public void CopyFromEntityAddress_ReadsTheKeyLiteral_UndoublingQuotes(string segment, string expected)
    {
        var buffer = new char[64];

        var length = PartitionKeyOfRequest.CopyFromEntityAddress(segment, buffer);

        Assert.Equal(expected, new string(buffer, 0, length));
    }

    [Theory]
    [InlineData("orders")]
    [InlineData("orders(PartitionKey='unclosed")]
    public void CopyFromEntityAddress_NoKey_IsMinusOne(string segment) =>
        Assert.Equal(-1, PartitionKeyOfRequest.CopyFromEntityAddress(segment, new char[64]));

    [Theory]
    [InlineData("PartitionKey eq 'p7' and RowKey ge 'row010'", "p7")]
    [InlineData("(PartitionKey eq 'it''s') and (RowKey lt 'z')", "it's")]
    public void CopyFromFilter_OnePartition_IsItsKey(string filter, string expected)
    {
        var buffer = new char[64];

        var length = PartitionKeyOfRequest.CopyFromFilter(filter, buffer);

        Assert.Equal(expected, new string(buffer, 0, length));
    }

    [Theory]
    [InlineData("")]
    [InlineData("RowKey ge 'a'")]
    [InlineData("PartitionKey eq 'a' or PartitionKey eq 'b'")]
    [InlineData("PartitionKey eq 'a' or RowKey eq 'b'")]
    [InlineData("not (PartitionKey eq 'a')")]
    [InlineData("PartitionKey ge 'a' and PartitionKey lt 'b'")]
    public void CopyFromFilter_NoneOrSeveralPartitions_IsMinusOne(string filter) =>
        Assert.Equal(-1, PartitionKeyOfRequest.CopyFromFilter(filter, new char[64]));

    [Fact]
    public void CopyFromEntityAddress_KeyLongerThanTheDestination_IsMinusOne() =>
        Assert.Equal(-1, PartitionKeyOfRequest.CopyFromEntityAddress("t(PartitionKey='abcdef',RowKey='r')", new char[3]));
}
