using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;

namespace TableLoad.Storage.Operations.ReadModifyWrite;

/// <summary>
/// YCSB's workload F: a point read of one key, then a replace of that entity with <c>If-Match</c> set to the ETag the read returned (one
/// request, the pair); 412 when another writer changed the entity in between.
/// </summary>
internal sealed class ReadModifyWriteDefinition : OperationDefinition
{
    public static ReadModifyWriteDefinition Instance { get; } = new();

    public override TableOperation Operation => TableOperation.ReadModifyWrite;

    public override string Name => "read-modify-write";

    public override KeyUse KeyUse => KeyUse.Updates;

    public override double EntitiesAsked(int batchSize, QueryShape query) => 1;

    public override string Requests(Batching batching) => "read-modify-writes";

    public override IRequestSender SdkSender(SdkSenderParts parts, WriteForm writes) => new SdkReadModifyWriteSender(parts.Table, parts.Template, parts.Time, parts.RequestIds);

    public override IRequestSender WireSender(WireBatchClient client, WriteForm writes) => new WireReadModifyWriteSender(client, new EntityBodyWriter(client.Template));
}
