using Azure;
using Azure.Data.Tables;
using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;

namespace TableLoad.Storage.Operations;

/// <summary>
/// A write or a delete: sent in entity group transactions of <c>--batch-size</c> entities, or each entity by itself (<c>--batch-size none</c>),
/// by both clients as Azure.Data.Tables sends it.
/// </summary>
internal abstract class WriteDefinition : OperationDefinition
{
    /// <summary>The action an SDK transaction holds for each entity.</summary>
    public abstract TableTransactionActionType SdkAction { get; }

    /// <summary>The HTTP method the SDK sends it with, in a batch's sub-request and by itself alike.</summary>
    public abstract string WireMethod { get; }

    /// <summary>The SDK's call for one entity by itself; a delete's entity holds its keys alone.</summary>
    public abstract Task<Response> SendOneAsync(TableClient table, TableEntity entity, CancellationToken cancellationToken);

    public sealed override double EntitiesAsked(int batchSize, QueryShape query) => batchSize;

    public sealed override IRequestSender SdkSender(SdkSenderParts parts, WriteForm writes) => writes switch
    {
        WriteForm.Transaction => new SdkBatchSender(parts.Table, parts.Template, this, parts.Time, parts.RequestIds),
        WriteForm.Single => new SdkSingleWriteSender(parts.Table, parts.Template, this, parts.Time, parts.RequestIds),
    };

    public sealed override IRequestSender WireSender(WireBatchClient client, WriteForm writes) => writes switch
    {
        WriteForm.Transaction => client.TransactionSender(new BatchBodyWriter(client.Template, client.TableUrl, Operation)),
        WriteForm.Single => new WireSingleWriteSender(client, new EntityBodyWriter(client.Template), this),
    };

    /// <summary>The definition of <paramref name="operation"/> as a write; a read, a query and a read-modify-write are none.</summary>
    public static WriteDefinition Of(TableOperation operation) =>
        operation.Definition() as WriteDefinition
        ?? throw new ArgumentOutOfRangeException(nameof(operation), operation, $"{operation.ToName()} is no write: it is sent neither in a batch nor as a single write.");
}
