using Azure;
using Azure.Data.Tables;

namespace TableLoad.Storage.Operations.Delete;

/// <summary>A delete of keys the key space holds, oldest first, each key once: a DELETE of the entity's address with <c>If-Match: *</c>.</summary>
internal sealed class DeleteDefinition : WriteDefinition
{
    public static DeleteDefinition Instance { get; } = new();

    public override TableOperation Operation => TableOperation.Delete;

    public override string Name => "delete";

    public override KeyUse KeyUse => KeyUse.Deletes;

    public override string Requests(Batching batching) => batching.Requests("deletes");

    public override TableTransactionActionType SdkAction => TableTransactionActionType.Delete;

    public override string WireMethod => "DELETE";

    public override Task<Response> SendOneAsync(TableClient table, TableEntity entity, CancellationToken cancellationToken) =>
        table.DeleteEntityAsync(entity.PartitionKey, entity.RowKey, ETag.All, cancellationToken);
}
