using TableLoad.Storage.Monitor;

namespace TableLoad.Service.Cosmos;

/// <summary>The metrics queries of a Cosmos DB account for the run's minutes, each filtered to the run's table (its CollectionName).</summary>
internal sealed record CosmosQueries(RunMinutes Minutes, string? Table)
{
    /// <summary>TotalRequests by status code: the first query, and the one whose last minute says the metrics have arrived.</summary>
    public MetricsQuery ByStatusCode() => Query(CosmosMetric.TotalRequests, "Count", CosmosMetric.StatusCodeDimension);

    public MetricsQuery ByOperationType() => Query(CosmosMetric.TotalRequests, "Count", CosmosMetric.OperationTypeDimension);

    public MetricsQuery RequestUnits() => Query(CosmosMetric.TotalRequestUnits, "Total", null);

    public MetricsQuery NormalizedRu() => Query(CosmosMetric.NormalizedRUConsumption, "Maximum", CosmosMetric.PartitionKeyRangeIdDimension);

    private MetricsQuery Query(string metric, string aggregation, string? splitBy) => new(
        [metric], Minutes.First, Minutes.Last.AddMinutes(1), [aggregation], splitBy,
        Table is null ? null : new MetricScope(CosmosMetric.CollectionNameDimension, Table));
}
