namespace TableLoad.Storage;

/// <summary>
/// The service's answer to one request: an entity group transaction, a read or a query's pages. <see cref="HttpStatus"/> is the status of
/// the failing operation when the batch failed inside its 202 envelope, else the envelope's status.
/// </summary>
internal readonly record struct BatchResponse(int HttpStatus, string? ErrorCode, int? FailedIndex, TimeSpan? RetryAfter = null)
{
    public bool Succeeded => HttpStatus is >= 200 and < 300;

    /// <summary>Entities the answer returned: 1 for a read that found its entity, a query's entities over all its pages; 0 for a write.</summary>
    public int EntitiesReturned { get; init; }

    /// <summary>The answers a query took (its pages); 0 for any other request.</summary>
    public int Pages { get; init; }

    /// <summary>The request units the answer cost, every answer, refusals included.</summary>
    public RequestCharge Charge { get; init; }

    /// <summary>Cosmos DB's <c>x-ms-substatus</c> of a refusal (3200: the request-unit budget is spent); null on success.</summary>
    public int? SubStatus { get; init; }

    /// <summary>The answer's <c>x-ms-request-id</c> (a query's last page's): the service's log and a support case name the request by it.</summary>
    public string? RequestId { get; init; }

    /// <summary>The refusal's error message (the OData error's <c>message.value</c> or the SDK's message): the service names an account limit there.</summary>
    public string? ErrorMessage { get; init; }

    public BatchResponse WithRefusalHeaders(int? subStatus, string? requestId) => this with { SubStatus = subStatus, RequestId = requestId };
}
