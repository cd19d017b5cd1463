namespace TableLoad.Storage;

/// <summary>Whether an answer carried a request charge, and whether TableLoad could read it.</summary>
internal enum ChargeReading
{
    /// <summary>No <c>x-ms-request-charge</c> header: Azure Storage and Azurite send none.</summary>
    Absent,
    Read,

    /// <summary>A header that is not a finite, non-negative number.</summary>
    Unreadable,
}

/// <summary>The request units one answer cost (Cosmos DB Table API's <c>x-ms-request-charge</c>); <see cref="Units"/> counts only when <see cref="Reading"/> is <see cref="ChargeReading.Read"/>.</summary>
internal readonly record struct RequestCharge(ChargeReading Reading, double Units)
{
    public static RequestCharge Absent => default;

    public static RequestCharge Unreadable => new(ChargeReading.Unreadable, 0);
}

internal static class RequestChargeExtensions
{
    /// <summary>The charge of two answers of one request (a query's pages): units add; one unreadable header makes the sum unreadable.</summary>
    public static RequestCharge Plus(this RequestCharge first, RequestCharge next) => (first.Reading, next.Reading) switch
    {
        (ChargeReading.Unreadable, _) or (_, ChargeReading.Unreadable) => RequestCharge.Unreadable,
        (ChargeReading.Absent, _) => next,
        (_, ChargeReading.Absent) => first,
        (ChargeReading.Read, ChargeReading.Read) => new(ChargeReading.Read, first.Units + next.Units),
    };
}
