using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Storage;

/// <summary>Makes the process's client of the chosen kind over one socket handler sized for its tasks.</summary>
internal static class BatchClientFactory
{
    /// <param name="query">What a query asks for, when the run queries.</param>
    /// <param name="time">The run's clock.</param>
    public static IBatchClient Create(BatchClientKind kind, AuthorizedTarget target, string table, EntityTemplate template, QueryShape query, int maxConnections, bool sdkDiagnostics, TimeProvider time)
    {
        var handler = HttpHandlerFactory.Create(maxConnections);
        return kind switch
        {
            BatchClientKind.Sdk => new SdkBatchClient(target, table, template, handler, sdkDiagnostics, time, query),
            BatchClientKind.Wire => new WireBatchClient(target, table, template, handler, time, query),
        };
    }
}
