using System.Security.Cryptography;
using System.Text;
using TableLoad.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Security;

/// <summary>
/// An Azurite whose only account has a key that is easy to recognise in any text, plus an account SAS
/// signed with it, so tests can look for either everywhere TableLoad writes.
/// </summary>
public sealed class SecretAccountFixture(IMessageSink sink) : AzuriteFixture(sink)
{
    public const string Account = "secretacct";

    /// <summary>Base64 of a recognisable phrase: the key as it appears in a connection string.</summary>
    public static readonly string Key = Convert.ToBase64String(Encoding.ASCII.GetBytes("TABLELOAD-RECOGNISABLE-SECRET-KEY-0123456789abcdef"));

    protected override IReadOnlyDictionary<string, string> ExtraEnvironment { get; } =
        new Dictionary<string, string> { ["AZURITE_ACCOUNTS"] = $"{Account}:{Key}" };

    public Uri SecretEndpoint => new($"http://127.0.0.1:{Port}/{Account}");

    public string SecretConnectionString =>
        $"DefaultEndpointsProtocol=http;AccountName={Account};AccountKey={Key};TableEndpoint={SecretEndpoint};";

    /// <summary>The signature of <see cref="Sas"/>: the part of a SAS that must never leak.</summary>
    public string SasSignature => SignAccountSas().Signature;

    /// <summary>An account SAS for the table service, all permissions, signed with <see cref="Key"/>.</summary>
    public string Sas
    {
        get
        {
            var (fields, signature) = SignAccountSas();
            return $"sv={fields.Version}&ss=t&srt=sco&sp={fields.Permissions}&se={Uri.EscapeDataString(fields.Expiry)}&spr=https,http&sig={Uri.EscapeDataString(signature)}";
        }
    }

    /// <summary>Every form a leaked secret could take in text: as is and URL-encoded.</summary>
    public IEnumerable<string> Secrets()
    {
        foreach (var secret in new[] { Key, SasSignature })
        {
            yield return secret;
            yield return Uri.EscapeDataString(secret);
        }
    }

    // The account SAS string-to-sign (service version 2019-02-02): account, permissions, services,
    // resource types, start, expiry, IP, protocol, version, each followed by a newline.
    private static ((string Version, string Permissions, string Expiry) Fields, string Signature) SignAccountSas()
    {
        var fields = (Version: "2019-02-02", Permissions: "rwdlacu", Expiry: "2035-01-01T00:00:00Z");
        var toSign = string.Join('\n', Account, fields.Permissions, "t", "sco", "", fields.Expiry, "", "https,http", fields.Version, "");
        var signature = Convert.ToBase64String(HMACSHA256.HashData(Convert.FromBase64String(Key), Encoding.UTF8.GetBytes(toSign)));
        return (fields, signature);
    }
}

[CollectionDefinition(Name)]
public sealed class SecretAccountCollection : ICollectionFixture<SecretAccountFixture>
{
    public const string Name = "Azurite with a secret account";
}
