using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using Azure.Data.Tables;

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
    private readonly TimeProvider _time;
    private volatile Signature? _lastSigned;

    /// <param name="time">The clock whose second is signed as the request's date.</param>
    public SharedKeyAuthorizer(string accountName, byte[] key, TimeProvider time)
    {
        _accountName = accountName;
        _key = key;
        _time = time;
        // Path-style endpoints (the emulator, a proxy) carry the account in the path; the
        // canonicalized resource is then "/account/account/...".
        _resourcePrefix = "/" + accountName;
    }

    /// <summary>The key in base64, for handing the target to a worker over its stdin; never printed.</summary>
    public string AccountKey => Convert.ToBase64String(_key);

    public void Authorize(HttpRequestMessage request)
    {
        var second = _time.GetUtcNow().ToUnixTimeSeconds();
        var method = request.Method;
        var uri = request.RequestUri!;
        var contentType = request.Content?.Headers.ContentType?.ToString() ?? "";

        // Batches differ only in their bodies, which are not signed: one HMAC a second serves them all.
        var signed = _lastSigned;
        if (signed is null || signed.Second != second || !ReferenceEquals(signed.Uri, uri) || signed.Method != method ||
            !string.Equals(signed.ContentType, contentType, StringComparison.Ordinal))
        {
            signed = Sign(second, method, uri, contentType);
            _lastSigned = signed;
        }

        request.Headers.Remove("x-ms-date");
        request.Headers.TryAddWithoutValidation("x-ms-date", signed.Date);
        request.Headers.Remove("Authorization");
        request.Headers.TryAddWithoutValidation("Authorization", signed.Authorization);
    }

    public TableServiceClient CreateServiceClient(Uri endpoint, TableClientOptions options) =>
        new(endpoint, new TableSharedKeyCredential(_accountName, Convert.ToBase64String(_key)), options);

    private Signature Sign(long second, HttpMethod method, Uri uri, string contentType)
    {
        var date = DateTimeOffset.FromUnixTimeSeconds(second).ToString("R", CultureInfo.InvariantCulture);
        var resource = _resourcePrefix + uri.AbsolutePath;
        var comp = QueryValue(uri.Query, "comp");
        if (comp is not null)
        {
            resource += "?comp=" + comp;
        }

        var stringToSign = string.Concat(method.Method, "\n", "\n", contentType, "\n", date, "\n", resource);
        var signature = Convert.ToBase64String(HMACSHA256.HashData(_key, Encoding.UTF8.GetBytes(stringToSign)));
        return new Signature(second, method, uri, contentType, date, $"SharedKey {_accountName}:{signature}");
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

    /// <summary>What was signed (the request's verb, URI instance, content type and date second) and the headers it gave.</summary>
    private sealed record Signature(long Second, HttpMethod Method, Uri Uri, string ContentType, string Date, string Authorization);
}
