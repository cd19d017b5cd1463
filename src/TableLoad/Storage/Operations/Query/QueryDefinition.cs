using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;

namespace TableLoad.Storage.Operations.Query;

/// <summary>A range query inside one partition (<c>PartitionKey eq P and RowKey ge R</c>), its pages followed to <c>--query-length</c> entities.</summary>
internal sealed class QueryDefinition : OperationDefinition
{
    public static QueryDefinition Instance { get; } = new();

    public override TableOperation Operation => TableOperation.Query;

    public override string Name => "query";

    public override KeyUse KeyUse => KeyUse.Reads;

    /// <summary>A query's length, a range's mean.</summary>
    public override double EntitiesAsked(int batchSize, QueryShape query) => (query.ShortestLength + query.Length) / 2.0;

    public override string Requests(Batching batching) => "range queries";

    public override IRequestSender SdkSender(SdkSenderParts parts, WriteForm writes) => new SdkQuerySender(parts.Table, parts.Query, parts.Time, parts.RequestIds);

    public override IRequestSender WireSender(WireBatchClient client, WriteForm writes) => new WireQuerySender(client);
}
