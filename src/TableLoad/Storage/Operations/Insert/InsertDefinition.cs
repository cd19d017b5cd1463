using Azure;
using Azure.Data.Tables;

namespace TableLoad.Storage.Operations.Insert;

/// <summary>Insert: the SDK's <c>Add</c>, a POST to the table asking for no content back; a key that exists is refused (409).</summary>
internal sealed class InsertDefinition : WriteDefinition
{
    public static InsertDefinition Instance { get; } = new();

    public override TableOperation Operation => TableOperation.Insert;

    public override string Name => "insert";

    public override KeyUse KeyUse => KeyUse.WritesNew;

    public override string Requests(Batching batching) => batching.Requests("inserts");

    public override TableTransactionActionType SdkAction => TableTransactionActionType.Add;

    public override string WireMethod => "POST";

    public override Task<Response> SendOneAsync(TableClient table, TableEntity entity, CancellationToken cancellationToken) =>
        table.AddEntityAsync(entity, cancellationToken);
}
