using System.Text;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Tests.Storage.Wire;

public sealed class BatchBodyWriterTests
{
    private const string TableUrl = "http://127.0.0.1:10002/devstoreaccount1/mytable";

    private static readonly EntityTemplate Template = EntityTemplate.Create(300, 3);

    private static BatchBodyWriter CreateSut() => new(Template, TableUrl);

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(100)]
    public async Task Write_ParsesAsMultipartWithExactlyCountInserts(int count)
    {
        var body = CreateSut().Write("pk", "tl-000-000-0001-0000000000-", "nonce", count).ToArray();

        var operations = await BatchBodyReader.ReadOperationsAsync(body);

        Assert.Equal(count, operations.Count);
        Assert.All(operations, o => Assert.Equal($"POST {TableUrl} HTTP/1.1", o.RequestLine));
        Assert.All(operations, o => Assert.Equal("application/json", o.Headers["Content-Type"]));
    }

    [Fact]
    public async Task Write_EachEntityHasKeysNonceAndProperties()
    {
        const string stem = "tl-000-000-0001-0000000042-";
        var body = CreateSut().Write("tl-0003", stem, "run-nonce", 12).ToArray();

        var operations = await BatchBodyReader.ReadOperationsAsync(body);

        for (var i = 0; i < operations.Count; i++)
        {
            var entity = operations[i].Entity;
            Assert.Equal("tl-0003", entity.GetProperty("PartitionKey").GetString());
            Assert.Equal(stem + i.ToString("D3", System.Globalization.CultureInfo.InvariantCulture), entity.GetProperty("RowKey").GetString());
            Assert.Equal("run-nonce", entity.GetProperty(EntityTemplate.NonceProperty).GetString());
            Assert.Equal([100, 100, 100], Enumerable.Range(0, 3).Select(p => entity.GetProperty($"P{p}").GetBytesFromBase64().Length));
        }
    }

    [Fact]
    public void Write_BoundariesOpenAndCloseTheBody()
    {
        var text = Encoding.UTF8.GetString(CreateSut().Write("pk", "stem-", "n", 3).Span);

        Assert.StartsWith($"--{BatchBodyWriter.BatchBoundary}\r\n", text, StringComparison.Ordinal);
        Assert.EndsWith($"--{BatchBodyWriter.ChangesetBoundary}--\r\n--{BatchBodyWriter.BatchBoundary}--\r\n", text, StringComparison.Ordinal);
        Assert.Equal(3, text.Split($"--{BatchBodyWriter.ChangesetBoundary}\r\n").Length - 1);
        Assert.EndsWith("boundary=" + BatchBodyWriter.BatchBoundary, BatchBodyWriter.ContentType, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Write_KeysNeedingJsonEscapes_StayValidJson()
    {
        var body = CreateSut().Write("p\"k\\", "stem\u00e9-", "n\"", 2).ToArray();

        var entity = (await BatchBodyReader.ReadOperationsAsync(body))[1].Entity;

        Assert.Equal("p\"k\\", entity.GetProperty("PartitionKey").GetString());
        Assert.Equal("stem\u00e9-001", entity.GetProperty("RowKey").GetString());
        Assert.Equal("n\"", entity.GetProperty("Batch").GetString());
    }

    [Fact]
    public async Task Write_Twice_SecondBodyHoldsNothingOfTheFirst()
    {
        var sut = CreateSut();
        var first = sut.Write("first", "a-", "n1", 100).ToArray();

        var second = sut.Write("second", "b-", "n2", 2).ToArray();

        var operations = await BatchBodyReader.ReadOperationsAsync(second);
        Assert.Equal(2, operations.Count);
        Assert.All(operations, o => Assert.Equal("second", o.Entity.GetProperty("PartitionKey").GetString()));
        Assert.Equal(100, (await BatchBodyReader.ReadOperationsAsync(first)).Count);
    }

    [Fact]
    public void Write_SameArgumentsAfterOtherBatch_GivesIdenticalBytes()
    {
        var sut = CreateSut();
        var first = sut.Write("pk", "a-", "n", 5).ToArray();
        sut.Write("other", "b-", "m", 100);

        var again = sut.Write("pk", "a-", "n", 5).ToArray();

        Assert.Equal(first, again);
        Assert.Equal(first, sut.Body.ToArray());
    }

    [Theory]
    [InlineData("tl", "tl-000-000-0001-0000000001-", "tl", "tl-000-000-0001-0000000002-")]
    [InlineData("tl-0001", "tl-000-000-0001-0000000001-", "tl-0002", "tl-000-000-0001-0000000009-")]
    [InlineData("p\"k", "st\u00e9m-", "p\"j", "st\u00e8m-")]
    [InlineData("tl", "a-", "tl", "bb-")]
    [InlineData("tl", "a-", "tlx", "b-")]
    public void Write_SecondBatchOfTheSameLayout_PatchedInPlace_EqualsAFreshWriter(string pk1, string stem1, string pk2, string stem2)
    {
        var sut = CreateSut();
        sut.Write(pk1, stem1, "nonce", 100);

        var patched = sut.Write(pk2, stem2, "nonce", 100).ToArray();

        Assert.Equal(CreateSut().Write(pk2, stem2, "nonce", 100).ToArray(), patched);
    }
}
