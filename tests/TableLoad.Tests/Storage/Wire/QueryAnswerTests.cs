using System.Text;
using TableLoad.Storage.Wire;

namespace TableLoad.Tests.Storage.Wire;

/// <summary>A query's page as the service answers it: the entities of its value array, and where the next page starts.</summary>
public sealed class QueryAnswerTests
{
    [Theory]
    [InlineData("""{"value":[]}""", 0)]
    [InlineData("""{"value":[{"PartitionKey":"p","RowKey":"a","Nested":{"value":[{}, {}]}},{"PartitionKey":"p","RowKey":"b"}]}""", 2)]
    [InlineData("""{"odata.metadata":"x","value":[{"a":[1,{"value":[{}]}]}]}""", 1)]
    [InlineData("""{"other":[{}]}""", 0)]
    [InlineData("""not json""", 0)]
    public void CountEntities_CountsTheTopLevelValueArraysObjects(string json, int expected) =>
        Assert.Equal(expected, QueryAnswer.CountEntities(Encoding.UTF8.GetBytes(json)));

    [Theory]
    [InlineData(null, null, null, null)]
    [InlineData("", "r", null, null)]
    [InlineData("1!8!cA--", null, "1!8!cA--", null)]
    [InlineData("1!8!cA--", "1!12!cjAwMQ--", "1!8!cA--", "1!12!cjAwMQ--")]
    public void Continuation_IsThereOnlyWithANextPartitionKey(string? partitionKey, string? rowKey, string? expectedPartition, string? expectedRow)
    {
        var next = QueryAnswer.Continuation(partitionKey, rowKey);

        Assert.Equal((expectedPartition, expectedRow), (next?.PartitionKey, next?.RowKey));
    }
}
