using System.Runtime.ExceptionServices;
using Azure;
using Azure.Data.Tables;
using Azure.Data.Tables.Models;

namespace TableLoad.Storage.Sdk;

/// <summary>Reads the SDK's answers, accepted or refused, into the answer TableLoad classifies: the raw response's headers, with no second request.</summary>
internal static class SdkAnswers
{
    public static BatchResponse Accepted(Response raw) => new(raw.Status, null, null) { Charge = Charge(raw), RequestId = RequestId(raw) };

    /// <summary>The answer's <c>x-ms-request-id</c>, the service's name for the request.</summary>
    public static string? RequestId(Response raw) => Header(raw, ServiceHeaders.RequestIdName);

    /// <summary>A read's 404: the entity is not there, which the SDK answers without an exception.</summary>
    public static BatchResponse NotFound(Response raw) =>
        WithRefusalHeaders(new BatchResponse(raw.Status, Header(raw, "x-ms-error-code") ?? TableErrorCode.ResourceNotFound.ToString(), null) { Charge = Charge(raw) }, raw);

    /// <summary>A batch's answer, or its refusal inside the 202 envelope or as a whole.</summary>
    public static Task<BatchResponse> OfBatchAsync(Task<Response<IReadOnlyList<Response>>> sending, TimeProvider time) =>
        OfAsync(AcceptedOrRefusedInsideAsync(sending), time);

    private static async Task<BatchResponse> AcceptedOrRefusedInsideAsync(Task<Response<IReadOnlyList<Response>>> sending)
    {
        try
        {
            return Accepted((await sending.ConfigureAwait(false)).GetRawResponse());
        }
        catch (TableTransactionFailedException ex)
        {
            // An operation refused inside the 202 envelope.
            return RefusedInside(ex, ex.FailedTransactionActionIndex);
        }
    }

    /// <summary>The answer of a request, or its refusal: the SDK throws a refusal as an exception.</summary>
    public static async Task<BatchResponse> OfAsync(Task<BatchResponse> sending, TimeProvider time)
    {
        try
        {
            return await sending.ConfigureAwait(false);
        }
        catch (RequestFailedException ex) when (ex.Status != 0)
        {
            return Refused(ex, time);
        }
        catch (RequestFailedException ex) when (ex.InnerException is not null)
        {
            // No answer at all: the transport's own exception, classified like the wire client's.
            ExceptionDispatchInfo.Throw(ex.InnerException);
            throw;
        }
    }

    /// <summary>An operation refused inside the 202 envelope: the envelope's headers, when the SDK kept its response.</summary>
    public static BatchResponse RefusedInside(RequestFailedException exception, int? failedIndex)
    {
        var raw = exception.GetRawResponse() ?? (exception.InnerException as RequestFailedException)?.GetRawResponse();
        return WithRefusalHeaders(new BatchResponse(exception.Status, exception.ErrorCode, failedIndex) { Charge = Charge(raw), ErrorMessage = exception.Message }, raw);
    }

    /// <summary>A whole-request refusal the SDK threw.</summary>
    /// <param name="time">The run's clock, which a Retry-After date is measured against.</param>
    public static BatchResponse Refused(RequestFailedException exception, TimeProvider time)
    {
        var raw = exception.GetRawResponse();
        // The SDK finds the code only in a JSON body; throttling answers may carry it in a header alone.
        var code = exception.ErrorCode ?? Header(raw, "x-ms-error-code");
        var retryAfter = RetryAfterHeader.Parse(Header(raw, RetryAfterHeader.MillisecondsName), Header(raw, RetryAfterHeader.StandardName), time);
        // The SDK's message holds the service's error message (and where it named an account limit).
        return WithRefusalHeaders(new BatchResponse(exception.Status, code, null, retryAfter) { Charge = Charge(raw), ErrorMessage = exception.Message }, raw);
    }

    private static BatchResponse WithRefusalHeaders(BatchResponse response, Response? raw) =>
        response.WithRefusalHeaders(ServiceHeaders.SubStatus(Header(raw, ServiceHeaders.SubStatusName)), Header(raw, ServiceHeaders.RequestIdName));

    /// <summary>The request units an answer cost (<c>x-ms-request-charge</c>).</summary>
    public static RequestCharge Charge(Response? raw) => ServiceHeaders.Charge(Header(raw, ServiceHeaders.RequestChargeName));

    private static string? Header(Response? response, string name) =>
        response is not null && response.Headers.TryGetValue(name, out var value) ? value : null;
}
