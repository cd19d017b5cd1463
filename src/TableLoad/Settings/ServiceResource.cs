using System.Text.RegularExpressions;

namespace TableLoad.Settings;

/// <summary>What kind of Azure resource <c>--service-metrics</c> names, and so which metrics it has.</summary>
internal enum ServiceKind
{
    /// <summary>A storage account's table service: <c>.../Microsoft.Storage/storageAccounts/A/tableServices/default</c>.</summary>
    StorageTables,

    /// <summary>A Cosmos DB account: <c>.../Microsoft.DocumentDB/databaseAccounts/A</c>.</summary>
    CosmosAccount,
}

/// <summary>The Azure resource whose metrics stand beside a run's figures: its id as given, its kind and the account it names.</summary>
internal sealed partial record ServiceResource(string Id, ServiceKind Kind, string Account)
{
    public const string StorageExample = "/subscriptions/S/resourceGroups/G/providers/Microsoft.Storage/storageAccounts/A/tableServices/default";
    public const string CosmosExample = "/subscriptions/S/resourceGroups/G/providers/Microsoft.DocumentDB/databaseAccounts/A";

    /// <summary>The resource a well-formed id names; null for any other text.</summary>
    public static ServiceResource? Parse(string? id)
    {
        var text = id?.Trim().TrimEnd('/') ?? "";
        if (StorageTablesId().Match(text) is { Success: true } storage)
        {
            return new ServiceResource(text, ServiceKind.StorageTables, storage.Groups["account"].Value);
        }

        return CosmosAccountId().Match(text) is { Success: true } cosmos
            ? new ServiceResource(text, ServiceKind.CosmosAccount, cosmos.Groups["account"].Value)
            : null;
    }

    [GeneratedRegex(@"^/subscriptions/[^/]+/resourceGroups/[^/]+/providers/Microsoft\.Storage/storageAccounts/(?<account>[a-z0-9]{3,24})/tableServices/default$", RegexOptions.IgnoreCase)]
    private static partial Regex StorageTablesId();

    [GeneratedRegex(@"^/subscriptions/[^/]+/resourceGroups/[^/]+/providers/Microsoft\.DocumentDB/databaseAccounts/(?<account>[a-z0-9-]{3,44})$", RegexOptions.IgnoreCase)]
    private static partial Regex CosmosAccountId();
}
