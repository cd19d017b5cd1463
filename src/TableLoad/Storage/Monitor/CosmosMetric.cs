namespace TableLoad.Storage.Monitor;

/// <summary>
/// The metrics of a Cosmos DB account that TableLoad reads for its Table API, under their REST names ("Supported metrics for
/// Microsoft.DocumentDB/databaseAccounts"), and the dimensions it filters and splits them by.
/// </summary>
internal static class CosmosMetric
{
    /// <summary>Requests, one sample each: read with the Count aggregation.</summary>
    public const string TotalRequests = "TotalRequests";

    /// <summary>Request units charged: read with the Total aggregation.</summary>
    public const string TotalRequestUnits = "TotalRequestUnits";

    /// <summary>Each partition key range's busiest second of the minute, in percent of its share of the RU/s: read with Maximum.</summary>
    public const string NormalizedRUConsumption = "NormalizedRUConsumption";

    /// <summary>The table, for the Table API: its container in the account's <c>TablesDB</c> database.</summary>
    public const string CollectionNameDimension = "CollectionName";

    public const string StatusCodeDimension = "StatusCode";
    public const string OperationTypeDimension = "OperationType";
    public const string PartitionKeyRangeIdDimension = "PartitionKeyRangeId";
}
