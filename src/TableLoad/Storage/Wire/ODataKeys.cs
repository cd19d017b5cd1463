namespace TableLoad.Storage.Wire;

/// <summary>A key as an OData string literal's body, as the SDK writes it: single quotes doubled; in an address also percent-encoded.</summary>
internal static class ODataKeys
{
    public static string Quoted(string key) => key.Replace("'", "''", StringComparison.Ordinal);

    public static string Literal(string key) => Uri.EscapeDataString(Quoted(key));
}
