namespace TableLoad.Storage.Monitor;

/// <summary>The metrics of Table storage that TableLoad reads, under their REST names, with the aggregations it asks for.</summary>
internal static class MonitorMetric
{
    public const string Transactions = "Transactions";
    public const string SuccessServerLatency = "SuccessServerLatency";
    public const string SuccessE2ELatency = "SuccessE2ELatency";
    public const string Ingress = "Ingress";
    public const string Egress = "Egress";

    public const string ResponseTypeDimension = "ResponseType";
    public const string ApiNameDimension = "ApiName";

    /// <summary>The metrics REST API's version: 2019-07-01 or later splits by dimension.</summary>
    public const string ApiVersion = "2023-10-01";

    /// <summary>What follows the resource id in the address of its metrics.</summary>
    public const string PathSuffix = "/providers/Microsoft.Insights/metrics";

    /// <summary>The token a loopback metrics endpoint (the proxy's emulation) takes, as Azurite takes its development key: no secret.</summary>
    public const string DevelopmentToken = "tableload-development-metrics-token";
}
