namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Looks into Azurite directly, independently of the run that wrote the table.</summary>
internal static class StoredEntities
{
    public static async Task<IReadOnlyDictionary<string, long>> CountByPartitionAsync(AzuriteFixture azurite, string table)
    {
        using var client = Client(azurite);
        return await client.CountByPartitionAsync(table, CancellationToken.None);
    }

    /// <summary>Creates the table and returns true when it did not exist yet.</summary>
    public static async Task<bool> CreateTableAsync(AzuriteFixture azurite, string table)
    {
        using var client = Client(azurite);
        return await client.CreateTableAsync(table, CancellationToken.None);
    }

    public static TableTestClient Client(AzuriteFixture azurite) => new(azurite.ConnectionString);

    public static string NewTableName(string stem) => stem + Guid.NewGuid().ToString("N")[..10];
}
