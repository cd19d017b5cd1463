using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace TableLoad.Bench.Floor;

/// <summary>
/// SharedKey for the one request shape the floor sends: everything signed is the same within a second,
/// so the Authorization header is computed at most once a second and shared by all tasks.
/// </summary>
internal sealed class FloorSigner(string accountName, byte[] key, string canonicalizedResource, string contentType)
{
    private volatile Signed? _current;

    public (string Date, string Authorization) Current()
    {
        var second = DateTimeOffset.UtcNow.ToUnixTimeSeconds();
        var current = _current;
        if (current is null || current.Second != second)
        {
            var date = DateTimeOffset.FromUnixTimeSeconds(second).ToString("R", CultureInfo.InvariantCulture);
            current = new Signed(second, date, Authorization(accountName, key, "POST", contentType, date, canonicalizedResource));
            _current = current;
        }

        return (current.Date, current.Authorization);
    }

    /// <summary>The Table service's SharedKey header: the verb, no Content-MD5, the content type, the date and the canonicalized resource, HMAC-SHA256 with the account key.</summary>
    public static string Authorization(string accountName, byte[] key, string verb, string contentType, string date, string canonicalizedResource)
    {
        var stringToSign = $"{verb}\n\n{contentType}\n{date}\n{canonicalizedResource}";
        return $"SharedKey {accountName}:{Convert.ToBase64String(HMACSHA256.HashData(key, Encoding.UTF8.GetBytes(stringToSign)))}";
    }

    private sealed record Signed(long Second, string Date, string Authorization);
}
