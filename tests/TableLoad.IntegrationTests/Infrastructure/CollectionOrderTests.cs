namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Every collection of the suite has its place in <see cref="CollectionOrder"/>'s order.</summary>
public sealed class CollectionOrderTests
{
    [Fact]
    public void EveryDefinedCollection_IsNamedInTheOrder_OnceEach()
    {
        // A collection left out would start after all the others, whatever its length, and could end the suite alone.
        var defined = typeof(CollectionOrder).Assembly.GetTypes()
            .SelectMany(t => t.GetCustomAttributesData())
            .Where(a => a.AttributeType == typeof(CollectionDefinitionAttribute))
            .Select(a => Assert.IsType<string>(a.ConstructorArguments[0].Value));

        Assert.Equal(defined.Order(StringComparer.Ordinal), CollectionOrder.Order.Order(StringComparer.Ordinal));
    }
}
