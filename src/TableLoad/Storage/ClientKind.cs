namespace TableLoad.Storage;

/// <summary>Which client sends the batches. The names are the <c>--client</c> values and the <c>client</c> field of every result file.</summary>
internal enum ClientKind
{
    /// <summary>Azure.Data.Tables' <c>TableClient.SubmitTransactionAsync</c>: what applications run.</summary>
    Sdk,

    /// <summary>TableLoad's own wire client: pre-serialised bodies, the service's ceiling.</summary>
    Wire,
}

internal static class ClientKindNames
{
    public static string ToName(this ClientKind kind) => kind == ClientKind.Sdk ? "sdk" : "wire";

    public static bool TryParse(string? text, out ClientKind kind)
    {
        switch (text?.Trim().ToLowerInvariant())
        {
            case "sdk":
                kind = ClientKind.Sdk;
                return true;
            case "wire":
                kind = ClientKind.Wire;
                return true;
            default:
                kind = default;
                return false;
        }
    }
}
