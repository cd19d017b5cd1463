using Azure;
using Azure.Data.Tables;

namespace TableLoad.Storage.Operations.UpsertMerge;

/// <summary>Insert or merge: the SDK's <c>UpsertMerge</c>, a PATCH to the entity's address without If-Match.</summary>
internal sealed class UpsertMergeDefinition : WriteDefinition
{
    public static UpsertMergeDefinition Instance { get; } = new();

    public override TableOperation Operation => TableOperation.UpsertMerge;

    public override string Name => "upsert-merge";

    public override KeyUse KeyUse => KeyUse.Overwrites;

    public override string Requests(Batching batching) => batching.Requests(Name);

    public override TableTransactionActionType SdkAction => TableTransactionActionType.UpsertMerge;

    public override string WireMethod => "PATCH";

    public override Task<Response> SendOneAsync(TableClient table, TableEntity entity, CancellationToken cancellationToken) =>
        table.UpsertEntityAsync(entity, TableUpdateMode.Merge, cancellationToken);
}
