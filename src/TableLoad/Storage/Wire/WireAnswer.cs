namespace TableLoad.Storage.Wire;

/// <summary>
/// What the wire client's answer to one request holds: the answer TableLoad classifies; for a query's page, where the next page starts;
/// for a read that found its entity, the entity's <see cref="ETag"/>.
/// </summary>
internal readonly record struct WireAnswer(BatchResponse Response, QueryContinuation? Next = null)
{
    /// <summary>A read's <c>ETag</c> header, which a read-modify-write's replace sends back as <c>If-Match</c>; null for other answers.</summary>
    public string? ETag { get; init; }
}

/// <summary>The keys a query's next page starts from (<c>x-ms-continuation-NextPartitionKey</c> and <c>-NextRowKey</c>).</summary>
internal sealed record QueryContinuation(string PartitionKey, string? RowKey);

/// <summary>What the wire client expects back.</summary>
internal enum AnswerKind
{
    /// <summary>A multipart answer of an entity group transaction.</summary>
    Batch,

    /// <summary>One entity's JSON: a read.</summary>
    Entity,

    /// <summary>A page of entities, <c>{"value":[...]}</c>: a query.</summary>
    Entities,

    /// <summary>No content (204): a single entity's replace.</summary>
    NoContent,
}
