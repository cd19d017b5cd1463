namespace TableLoad.Proxy.Metrics;

/// <summary>The <c>OperationType</c> the emulated Cosmos DB account counts a Table request under in TotalRequests.</summary>
internal static class CosmosOperationTypes
{
    /// <param name="ifMatch">Whether the request carried If-Match: a PUT with it replaces, without it upserts.</param>
    public static string Of(RequestKind kind, string method, bool ifMatch) => kind switch
    {
        RequestKind.Batch => "Batch",
        RequestKind.PointRead => "Read",
        RequestKind.Query => "Query",
        RequestKind.SingleDelete => "Delete",
        RequestKind.SingleWrite => method.ToUpperInvariant() switch
        {
            "POST" => "Create",
            "PUT" => ifMatch ? "Replace" : "Upsert",
            _ => ifMatch ? "Patch" : "Upsert",
        },
        RequestKind.Other => "Other",
    };
}
