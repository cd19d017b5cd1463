using Microsoft.AspNetCore.Http;

namespace TableLoad.Proxy.Log;

/// <summary>A request's REST operation as the service's log and the metrics' <c>ApiName</c> name it, and its log category.</summary>
internal static class OperationNameOfRequest
{
    public static (string Operation, string Category) Of(HttpRequest request, RequestKind kind)
    {
        var method = request.Method;
        var conditional = request.Headers.IfMatch.Count > 0;
        return kind switch
        {
            RequestKind.Batch => ("EntityGroupTransaction", "StorageWrite"),
            RequestKind.SingleWrite when HttpMethods.IsPost(method) => ("InsertEntity", "StorageWrite"),
            RequestKind.SingleWrite when HttpMethods.IsPut(method) => (conditional ? "UpdateEntity" : "InsertOrReplaceEntity", "StorageWrite"),
            RequestKind.SingleWrite => (conditional ? "MergeEntity" : "InsertOrMergeEntity", "StorageWrite"),
            RequestKind.SingleDelete => ("DeleteEntity", "StorageDelete"),
            RequestKind.PointRead => ("QueryEntity", "StorageRead"),
            RequestKind.Query => ("QueryEntities", "StorageRead"),
            RequestKind.Other => OfTableCall(request),
        };
    }

    private static (string, string) OfTableCall(HttpRequest request)
    {
        var path = request.Path.Value ?? "";
        var onTables = path.Contains("/Tables", StringComparison.OrdinalIgnoreCase);
        return request.Method switch
        {
            "POST" when onTables => ("CreateTable", "StorageWrite"),
            "DELETE" when onTables => ("DeleteTable", "StorageDelete"),
            "GET" when onTables => ("QueryTables", "StorageRead"),
            "GET" or "HEAD" => ("GetTableServiceProperties", "StorageRead"),
            _ => ("Unknown", "StorageWrite"),
        };
    }
}
