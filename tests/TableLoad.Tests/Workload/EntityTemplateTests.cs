using System.Text;
using System.Text.Json;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class EntityTemplateTests
{
    private static JsonElement ParseFragment(EntityTemplate template) =>
        JsonDocument.Parse("{\"PartitionKey\":\"p\"" + Encoding.UTF8.GetString(template.JsonFragment) + "}").RootElement.Clone();

    [Theory]
    [InlineData(1024, 8, new[] { 128, 128, 128, 128, 128, 128, 128, 128 })]
    [InlineData(1000, 3, new[] { 334, 333, 333 })]
    [InlineData(5, 5, new[] { 1, 1, 1, 1, 1 })]
    [InlineData(7, 1, new[] { 7 })]
    public void Create_SplitsPayloadEvenly(int entitySize, int properties, int[] expected)
    {
        var template = EntityTemplate.Create(entitySize, properties);

        Assert.Equal(expected, template.PropertySizes);
        Assert.Equal(entitySize, template.PayloadBytes);
    }

    [Fact]
    public void JsonFragment_InsideAnObject_IsValidJsonWithTypedBinaryProperties()
    {
        var entity = ParseFragment(EntityTemplate.Create(1000, 3));

        for (var i = 0; i < 3; i++)
        {
            Assert.Equal("Edm.Binary", entity.GetProperty($"P{i}@odata.type").GetString());
            Assert.Equal(JsonValueKind.String, entity.GetProperty($"P{i}").ValueKind);
        }

        Assert.Equal(1 + (2 * 3), entity.EnumerateObject().Count());
    }

    [Fact]
    public void JsonFragment_Base64Values_DecodeToThePropertySizes()
    {
        var template = EntityTemplate.Create(1000, 3);
        var entity = ParseFragment(template);

        var decoded = Enumerable.Range(0, 3).Select(i => entity.GetProperty($"P{i}").GetBytesFromBase64().Length);

        Assert.Equal(template.PropertySizes, decoded);
    }

    [Fact]
    public void Create_SameSeed_GivesSameBytes() =>
        Assert.Equal(EntityTemplate.Create(4096, 4, seed: 7).JsonFragment, EntityTemplate.Create(4096, 4, seed: 7).JsonFragment);

    [Fact]
    public void Create_OtherSeed_GivesOtherBytes() =>
        Assert.NotEqual(EntityTemplate.Create(4096, 4, seed: 7).JsonFragment, EntityTemplate.Create(4096, 4, seed: 8).JsonFragment);

    [Fact]
    public void ServiceSize_CountsKeysNonceAndBinaryProperties()
    {
        // 4 + keys (2*2+2 + 2*3+2) + nonce (8 + 2*5 + 2*4 + 4) + P0 (8 + 2*2 + 10 + 4) + P1 (8 + 2*2 + 20 + 4)
        var size = EntityTemplate.ServiceSize([new("P0", EdmType.Binary, 10), new("P1", EdmType.Binary, 20)], partitionKeyLength: 2, rowKeyLength: 3, nonceLength: 4);

        Assert.Equal(4 + 6 + 8 + 30 + 26 + 36, size);
    }

    [Fact]
    public void ServiceSize_CountsFixedSizesWithoutALength_AndStringsWithOne()
    {
        // 4 + keys (2*2+2 + 2*3+2) + nonce (8 + 2*5 + 2*4 + 4) + N (8 + 2*1 + 4) + S (8 + 2*1 + 6 + 4) + G (8 + 2*1 + 16)
        var size = EntityTemplate.ServiceSize(
            [new("N", EdmType.Int32, 4), new("S", EdmType.String, 6), new("G", EdmType.Guid, 16)], partitionKeyLength: 2, rowKeyLength: 3, nonceLength: 4);

        Assert.Equal(4 + 6 + 8 + 30 + 14 + 20 + 26, size);
    }
}
