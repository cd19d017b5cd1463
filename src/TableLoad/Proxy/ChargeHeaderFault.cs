namespace TableLoad.Proxy;

/// <summary>A malformed <c>x-ms-request-charge</c> the proxy can send in Cosmos mode, so a client's "unreadable charge" path is tested.</summary>
internal enum ChargeHeaderFault
{
    /// <summary>The charge as Cosmos DB sends it.</summary>
    None,

    /// <summary><c>not-a-number</c>.</summary>
    NotANumber,

    /// <summary>The charge with a minus sign.</summary>
    Negative,
}

/// <summary>The <c>x-ms-request-charge</c> header's value for a charge, as Cosmos DB sends it or as a fault mangles it.</summary>
internal static class ChargeHeader
{
    public const string Name = "x-ms-request-charge";

    public static string ValueOf(double charge, ChargeHeaderFault fault) => fault switch
    {
        ChargeHeaderFault.None => WriteChargeModel.HeaderValue(charge),
        ChargeHeaderFault.NotANumber => "not-a-number",
        ChargeHeaderFault.Negative => "-" + WriteChargeModel.HeaderValue(charge),
    };
}
