using System.Text.Json.Serialization;

namespace TableLoad.Storage;

/// <summary>How a target's requests are authorised, as data: a worker receives it in its start message and makes its own authorizer.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<AuthKind>))]
internal enum AuthKind
{
    /// <summary>Signed with the account key (a connection string's AccountKey).</summary>
    [JsonStringEnumMemberName("shared_key")]
    SharedKey,

    /// <summary>A shared access signature appended to every request.</summary>
    [JsonStringEnumMemberName("sas")]
    Sas,

    /// <summary>Microsoft Entra ID: each process gets its own token from DefaultAzureCredential; no secret travels.</summary>
    [JsonStringEnumMemberName("entra")]
    Entra,
}

/// <summary>
/// The kind of authorisation and its secret (the account key in base64, or the SAS); the secret is checked
/// here, so a malformed one is refused where it arrives. Never prints its secret.
/// </summary>
internal sealed record StorageAuth
{
    [JsonConstructor]
    public StorageAuth(AuthKind kind, string? secret = null)
    {
        switch (kind)
        {
            case AuthKind.SharedKey when secret is null || !IsBase64(secret):
                // Neither here nor anywhere else does the secret go into a message.
                throw new FormatException("The shared key is missing or not valid base64.");
            case AuthKind.Sas when secret is null:
                throw new FormatException("The shared access signature is missing.");
            case AuthKind.Entra when secret is not null:
                throw new FormatException("Microsoft Entra authorisation carries no secret.");
            case not (AuthKind.SharedKey or AuthKind.Sas or AuthKind.Entra):
                throw new FormatException($"'{kind}' is not a kind of authorisation.");
        }

        Kind = kind;
        Secret = secret;
    }

    public static StorageAuth Entra { get; } = new(AuthKind.Entra);

    public AuthKind Kind { get; }

    /// <summary>The key in base64 or the SAS; null for Entra. Travels only in a worker's start message on its stdin.</summary>
    public string? Secret { get; }

    public static StorageAuth SharedKey(string base64Key) => new(AuthKind.SharedKey, base64Key);

    public static StorageAuth Sas(string token) => new(AuthKind.Sas, token);

    public override string ToString() => Kind.ToString();

    private static bool IsBase64(string text) => Convert.TryFromBase64String(text, new byte[text.Length], out _);
}
