using System.Globalization;

namespace TableLoad.Storage;

/// <summary>The headers TableLoad reads beside the status (the charge, the sub-status and the request id) and the client request id it sends.</summary>
internal static class ServiceHeaders
{
    public const string RequestChargeName = "x-ms-request-charge";
    public const string SubStatusName = "x-ms-substatus";
    public const string RequestIdName = "x-ms-request-id";
    public const string ClientRequestIdName = "x-ms-client-request-id";

    /// <summary>Reads a charge without allocating (a span over the header's string): every answer of a Cosmos run passes here.</summary>
    public static RequestCharge Charge(string? value)
    {
        if (value is null)
        {
            return RequestCharge.Absent;
        }

        return double.TryParse(value.AsSpan(), NumberStyles.Float, CultureInfo.InvariantCulture, out var units) && units >= 0 && double.IsFinite(units)
            ? new RequestCharge(ChargeReading.Read, units)
            : RequestCharge.Unreadable;
    }

    /// <summary>Null when absent or not a whole number.</summary>
    public static int? SubStatus(string? value) =>
        int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var subStatus) ? subStatus : null;
}
