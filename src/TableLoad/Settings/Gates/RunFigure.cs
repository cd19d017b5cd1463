namespace TableLoad.Settings.Gates;

/// <summary>A figure of a run that a gate or a comparison judges, by the name users write.</summary>
internal enum RunFigure
{
    Eps,
    P50,
    P90,
    P95,
    P99,
    P999,
    Mean,
    Max,
    Throttled,
    Failed,
    CpuPerEntity,

    /// <summary>The service's SuccessServerLatency over the run's minutes (<c>--service-metrics</c>).</summary>
    ServiceServerLatency,

    /// <summary>The service's SuccessE2ELatency over the run's minutes.</summary>
    ServiceE2ELatency,

    /// <summary>The share of the service's transactions it throttled.</summary>
    ServiceThrottled,

    /// <summary>A Cosmos DB account's NormalizedRUConsumption: its hottest partition key range's busiest second, in percent of that range's RU/s.</summary>
    ServiceNormalizedRu,
}
