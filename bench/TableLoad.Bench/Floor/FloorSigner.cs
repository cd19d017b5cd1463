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
            var stringToSign = $"POST\n\n{contentType}\n{date}\n{canonicalizedResource}";
            var signature = Convert.ToBase64String(HMACSHA256.HashData(key, Encoding.UTF8.GetBytes(stringToSign)));
            current = new Signed(second, date, $"SharedKey {accountName}:{signature}");
            _current = current;
        }

        return (current.Date, current.Authorization);
    }

    private sealed record Signed(long Second, string Date, string Authorization);
}
