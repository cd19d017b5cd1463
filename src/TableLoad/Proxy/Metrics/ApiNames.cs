namespace TableLoad.Proxy.Metrics;

/// <summary>Azure Monitor's <c>ApiName</c> of a Table request: the REST operation, as the service names it.</summary>
internal static class ApiNames
{
    public const string Unknown = "Unknown";

    /// <param name="ifMatch">Whether the request carried If-Match: a PUT or MERGE with it updates, without it upserts.</param>
    public static string Of(RequestKind kind, string method, string path, bool ifMatch) => kind switch
    {
        RequestKind.Batch => "EntityGroupTransaction",
        RequestKind.PointRead => "QueryEntity",
        RequestKind.Query => "QueryEntities",
        RequestKind.SingleDelete => "DeleteEntity",
        RequestKind.SingleWrite => method.ToUpperInvariant() switch
        {
            "POST" => "InsertEntity",
            "PUT" => ifMatch ? "UpdateEntity" : "InsertOrReplaceEntity",
            _ => ifMatch ? "MergeEntity" : "InsertOrMergeEntity",
        },
        RequestKind.Other => OfTableCall(method, path),
    };

    private static string OfTableCall(string method, string path)
    {
        var tables = path.Contains("/Tables", StringComparison.OrdinalIgnoreCase);
        return method.ToUpperInvariant() switch
        {
            "POST" when tables => "CreateTable",
            "DELETE" when tables => "DeleteTable",
            "GET" when tables => "QueryTables",
            _ => Unknown,
        };
    }
}
