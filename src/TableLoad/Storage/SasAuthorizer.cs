namespace TableLoad.Storage;

/// <summary>Appends a shared access signature to every request's query string.</summary>
internal sealed class SasAuthorizer(string sasToken) : IRequestAuthorizer
{
    private readonly string _sas = sasToken.TrimStart('?');

    public void Authorize(HttpRequestMessage request)
    {
        var uri = request.RequestUri!;
        var separator = string.IsNullOrEmpty(uri.Query) ? "?" : "&";
        request.RequestUri = new Uri(uri.OriginalString + separator + _sas);
    }
}
