using Azure;
using Azure.Data.Tables;
using TableLoad.Storage.Operations;
using TableLoad.Workload;

namespace TableLoad.Storage.Sdk;

/// <summary>
/// One task loop's SDK batch of writes or deletes. Its entities and actions are made once and re-keyed for every batch; a write's
/// properties are the template's shared values (binary arrays, strings, boxed numbers), so no payload is copied per entity.
/// A delete's entity holds its keys alone and <see cref="ETag.All"/>, which the SDK sends as <c>If-Match: *</c>.
/// </summary>
internal sealed class SdkBatchSender(TableClient table, EntityTemplate template, WriteDefinition write, TimeProvider time, ClientRequestIdPolicy requestIds) : IRequestSender
{
    private TableTransactionAction[] _actions = [];

    public void Prepare(BatchIdentity keys, int count)
    {
        if (_actions.Length != count)
        {
            _actions = new TableTransactionAction[count];
            for (var i = 0; i < count; i++)
            {
                _actions[i] = NewAction();
            }
        }

        for (var i = 0; i < count; i++)
        {
            var entity = (TableEntity)_actions[i].Entity;
            entity.PartitionKey = keys.PartitionKey;
            entity.RowKey = keys.RowKey(i);
            if (write.KeyUse.Stores())
            {
                entity[EntityTemplate.NonceProperty] = keys.Nonce;
            }
        }
    }

    public Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken)
    {
        requestIds.Use(clientRequestId);
        return SdkAnswers.OfBatchAsync(table.SubmitTransactionAsync(_actions, cancellationToken), time);
    }

    public static TableTransactionActionType ActionType(TableOperation operation) => WriteDefinition.Of(operation).SdkAction;

    /// <summary>An entity with the template's properties (shared values, never copied) and no keys yet.</summary>
    public static TableEntity TemplateEntity(EntityTemplate template)
    {
        var entity = new TableEntity();
        foreach (var (name, value) in template.Values)
        {
            entity[name] = value;
        }

        return entity;
    }

    private TableTransactionAction NewAction() => write.KeyUse.Stores()
        ? new TableTransactionAction(write.SdkAction, TemplateEntity(template))
        : new TableTransactionAction(write.SdkAction, new TableEntity(), ETag.All);
}
