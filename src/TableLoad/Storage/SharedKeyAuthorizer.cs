using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace TableLoad.Storage;

/// <summary>
/// Signs Table service requests with the account key (the "SharedKey" scheme of the Table service:
/// verb, Content-MD5, Content-Type, date and canonicalized resource).
/// </summary>
internal sealed class SharedKeyAuthorizer : IRequestAuthorizer
{
    private readonly string _accountName;
    private readonly byte[] _key;
    private readonly string _resourcePrefix;

    public SharedKeyAuthorizer(string accountName, byte[] key)
    {
        _accountName = accountName;
        _key = key;
        // Path-style endpoints (the emulator, a proxy) carry the account in the path; the
        // canonicalized resource is then "/account/account/...".
        _resourcePrefix = "/" + accountName;
    }

    public void Authorize(HttpRequestMessage request)
    {
        var date = DateTimeOffset.UtcNow.ToString("R", CultureInfo.InvariantCulture);
        request.Headers.Remove("x-ms-date");
        request.Headers.TryAddWithoutValidation("x-ms-date", date);

        var contentType = request.Content?.Headers.ContentType?.ToString() ?? "";
        var uri = request.RequestUri!;
        var resource = _resourcePrefix + uri.AbsolutePath;
        var comp = QueryValue(uri.Query, "comp");
        if (comp is not null)
        {
            resource += "?comp=" + comp;
        }

        var stringToSign = string.Concat(request.Method.Method, "\n", "\n", contentType, "\n", date, "\n", resource);
        var signature = Convert.ToBase64String(HMACSHA256.HashData(_key, Encoding.UTF8.GetBytes(stringToSign)));
        request.Headers.TryAddWithoutValidation("Authorization", $"SharedKey {_accountName}:{signature}");
    }

    private static string? QueryValue(string query, string name)
    {
        foreach (var pair in query.TrimStart('?').Split('&', StringSplitOptions.RemoveEmptyEntries))
        {
            var eq = pair.IndexOf('=');
            if (eq > 0 && pair.AsSpan(0, eq).Equals(name, StringComparison.OrdinalIgnoreCase))
            {
                return Uri.UnescapeDataString(pair[(eq + 1)..]);
            }
        }

        return null;
    }
}
