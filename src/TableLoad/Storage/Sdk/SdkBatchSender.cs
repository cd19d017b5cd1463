using System.Runtime.ExceptionServices;
using Azure;
using Azure.Data.Tables;
using TableLoad.Workload;

namespace TableLoad.Storage.Sdk;

/// <summary>
/// One task loop's SDK batch. Its entities and actions are made once and re-keyed for every batch; their
/// properties are the template's shared values (binary arrays, strings, boxed numbers), so no payload is copied per entity.
/// </summary>
internal sealed class SdkBatchSender(TableClient table, EntityTemplate template, BatchOperation operation, TimeProvider time) : IBatchSender
{
    private TableTransactionAction[] _actions = [];

    public void Prepare(BatchIdentity batch, int count)
    {
        if (_actions.Length != count)
        {
            _actions = new TableTransactionAction[count];
            for (var i = 0; i < count; i++)
            {
                _actions[i] = new TableTransactionAction(ActionType(operation), NewEntity());
            }
        }

        for (var i = 0; i < count; i++)
        {
            var entity = (TableEntity)_actions[i].Entity;
            entity.PartitionKey = batch.PartitionKey;
            entity.RowKey = batch.RowKey(i);
            entity[EntityTemplate.NonceProperty] = batch.Nonce;
        }
    }

    public async Task<BatchResponse> SendAsync(CancellationToken cancellationToken)
    {
        try
        {
            var response = await table.SubmitTransactionAsync(_actions, cancellationToken).ConfigureAwait(false);
            return SdkAnswers.Accepted(response.GetRawResponse());
        }
        catch (TableTransactionFailedException ex)
        {
            // An operation refused inside the 202 envelope.
            return SdkAnswers.RefusedInside(ex, ex.FailedTransactionActionIndex);
        }
        catch (RequestFailedException ex) when (ex.Status != 0)
        {
            return SdkAnswers.Refused(ex, time);
        }
        catch (RequestFailedException ex) when (ex.InnerException is not null)
        {
            // No answer at all: the transport's own exception, classified like the wire client's.
            ExceptionDispatchInfo.Throw(ex.InnerException);
            throw;
        }
    }

    public static TableTransactionActionType ActionType(BatchOperation operation) => operation switch
    {
        BatchOperation.Insert => TableTransactionActionType.Add,
        BatchOperation.UpsertReplace => TableTransactionActionType.UpsertReplace,
        BatchOperation.UpsertMerge => TableTransactionActionType.UpsertMerge,
    };

    private TableEntity NewEntity()
    {
        var entity = new TableEntity();
        foreach (var (name, value) in template.Values)
        {
            entity[name] = value;
        }

        return entity;
    }
}
