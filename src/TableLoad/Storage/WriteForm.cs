namespace TableLoad.Storage;

/// <summary>How a load's writes and deletes travel (<c>--batch-size</c>): in entity group transactions, or each entity its own request.</summary>
internal enum WriteForm
{
    /// <summary>Entity group transactions (<c>$batch</c>) of the batch size's operations, on one partition.</summary>
    Transaction,

    /// <summary>Each write its own request, as applications send them: a POST (insert), PUT or PATCH (upserts) or DELETE, one entity each (<c>--batch-size none</c>).</summary>
    Single,
}
