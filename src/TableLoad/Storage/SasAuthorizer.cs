using Azure;
using Azure.Data.Tables;

namespace TableLoad.Storage;

/// <summary>Appends a shared access signature to every request's query string.</summary>
internal sealed class SasAuthorizer(string sasToken) : IRequestAuthorizer
{
    private readonly string _sas = sasToken.TrimStart('?');
    private volatile Rewrite? _last;

    public void Authorize(HttpRequestMessage request)
    {
        var uri = request.RequestUri!;

        // Every batch goes to the same URI instance: parse the signed URI once, not once per batch.
        var last = _last;
        if (last is null || !ReferenceEquals(last.From, uri))
        {
            var separator = string.IsNullOrEmpty(uri.Query) ? "?" : "&";
            last = new Rewrite(uri, new Uri(uri.OriginalString + separator + _sas));
            _last = last;
        }

        request.RequestUri = last.To;
    }

    public TableServiceClient CreateServiceClient(Uri endpoint, TableClientOptions options) => new(endpoint, new AzureSasCredential(_sas), options);

    private sealed record Rewrite(Uri From, Uri To);
}
