using Azure;
using Azure.Data.Tables;

namespace TableLoad.Storage.Operations.UpsertReplace;

/// <summary>Insert or replace: the SDK's <c>UpsertReplace</c>, a PUT to the entity's address without If-Match.</summary>
internal sealed class UpsertReplaceDefinition : WriteDefinition
{
    public static UpsertReplaceDefinition Instance { get; } = new();

    public override TableOperation Operation => TableOperation.UpsertReplace;

    public override string Name => "upsert-replace";

    public override KeyUse KeyUse => KeyUse.Overwrites;

    public override string Requests(Batching batching) => batching.Requests(Name);

    public override TableTransactionActionType SdkAction => TableTransactionActionType.UpsertReplace;

    public override string WireMethod => "PUT";

    public override Task<Response> SendOneAsync(TableClient table, TableEntity entity, CancellationToken cancellationToken) =>
        table.UpsertEntityAsync(entity, TableUpdateMode.Replace, cancellationToken);
}
