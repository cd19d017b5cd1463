using TableLoad.Storage;

namespace TableLoad.Tests.Storage.Operations;

public sealed class OperationDefinitionTests
{
    [Fact]
    public void Definition_OfEachOperation_IsItsOwn()
    {
        // A definition copied from another's folder and not told its own operation would send the other's requests.
        Assert.All(Enum.GetValues<TableOperation>(), o => Assert.Equal(o, o.Definition().Operation));
    }

    [Fact]
    public void Names_OfTheDefinitions_AreDistinctAndParseBack()
    {
        var operations = Enum.GetValues<TableOperation>();

        Assert.Equal(operations.Length, operations.Select(o => o.ToName()).Distinct(StringComparer.OrdinalIgnoreCase).Count());
        Assert.All(operations, o => Assert.True(TableOperationNames.TryParse(o.ToName(), out var parsed) && parsed == o));
    }

    [Fact]
    public void NamesWhere_ListsTheOperationsItHoldsFor_InTheEnumsOrder()
    {
        Assert.Equal("read, query or read-modify-write", TableOperationNames.NamesWhere(o => o.DrawsKeys()));
        Assert.Equal("insert", TableOperationNames.NamesWhere(o => o.KeyUse().WritesOnlyNew()));
    }
}
