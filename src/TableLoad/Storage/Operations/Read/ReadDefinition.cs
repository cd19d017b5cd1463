using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;

namespace TableLoad.Storage.Operations.Read;

/// <summary>A point read of one entity by its keys, a GET of the entity's address; 404 when it is not there.</summary>
internal sealed class ReadDefinition : OperationDefinition
{
    public static ReadDefinition Instance { get; } = new();

    public override TableOperation Operation => TableOperation.Read;

    public override string Name => "read";

    public override KeyUse KeyUse => KeyUse.Reads;

    public override double EntitiesAsked(int batchSize, QueryShape query) => 1;

    public override string Requests(Batching batching) => "point reads";

    public override IRequestSender SdkSender(SdkSenderParts parts, WriteForm writes) => new SdkReadSender(parts.Table, parts.Time, parts.RequestIds);

    public override IRequestSender WireSender(WireBatchClient client, WriteForm writes) => new WireReadSender(client);
}
