using Azure;

namespace TableLoad.Storage.Sdk;

/// <summary>Reads the SDK's answers, accepted or refused, into the answer TableLoad classifies: the raw response's headers, with no second request.</summary>
internal static class SdkAnswers
{
    public static BatchResponse Accepted(Response raw) => new(raw.Status, null, null) { Charge = Charge(raw) };

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

    private static RequestCharge Charge(Response? raw) => ServiceHeaders.Charge(Header(raw, ServiceHeaders.RequestChargeName));

    private static string? Header(Response? response, string name) =>
        response is not null && response.Headers.TryGetValue(name, out var value) ? value : null;
}
