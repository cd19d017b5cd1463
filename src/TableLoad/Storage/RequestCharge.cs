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
