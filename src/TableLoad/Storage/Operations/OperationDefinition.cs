using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;

namespace TableLoad.Storage.Operations;

/// <summary>
/// Everything one operation is, in one place, as the Azure SDK's perf tests keep one class per operation: its name, what it does to the key
/// space, the entities a request of it asks for, what the result table calls its requests, and the request each client sends for it. A new
/// operation is a folder holding its definition, a member of <see cref="TableOperation"/> and its arm in <see cref="TableOperationNames.Definition"/>.
/// </summary>
internal abstract class OperationDefinition
{
    public abstract TableOperation Operation { get; }

    /// <summary>The <c>--operation</c> value and the <c>operation</c> field of every result file.</summary>
    public abstract string Name { get; }

    /// <summary>What a request of it is to the key space: whether it writes its keys, and whether they must exist.</summary>
    public abstract KeyUse KeyUse { get; }

    /// <summary>The entities a request is meant to carry, which the open model's <c>--rate</c> (entities per second) spaces requests by.</summary>
    public abstract double EntitiesAsked(int batchSize, QueryShape query);

    /// <summary>What the result table's run line calls a run's requests of it: "batches of 100 inserts", "point reads".</summary>
    public abstract string Requests(Batching batching);

    /// <summary>A task loop's sender through Azure.Data.Tables.</summary>
    public abstract IRequestSender SdkSender(SdkSenderParts parts, WriteForm writes);

    /// <summary>A task loop's sender over TableLoad's own HTTP client.</summary>
    public abstract IRequestSender WireSender(WireBatchClient client, WriteForm writes);
}
