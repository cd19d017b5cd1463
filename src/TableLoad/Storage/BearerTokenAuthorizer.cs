using Azure.Core;
using Azure.Data.Tables;

namespace TableLoad.Storage;

/// <summary>
/// Microsoft Entra ID authorisation: a bearer token for Azure Storage from a <see cref="TokenCredential"/>
/// (DefaultAzureCredential on the command line), cached and renewed five minutes before it expires.
/// </summary>
/// <param name="time">The clock that tells when the token is due for renewal.</param>
internal sealed class BearerTokenAuthorizer(TokenCredential credential, TimeProvider time) : IRequestAuthorizer
{
    private static readonly TokenRequestContext StorageScope = new(["https://storage.azure.com/.default"]);
    private static readonly TimeSpan RenewBefore = TimeSpan.FromMinutes(5);
    private readonly Lock _gate = new();
    private AccessToken _token;

    public void Authorize(HttpRequestMessage request)
    {
        request.Headers.Remove("Authorization");
        request.Headers.TryAddWithoutValidation("Authorization", "Bearer " + Token().Token);
    }

    public TableServiceClient CreateServiceClient(Uri endpoint, TableClientOptions options) => new(endpoint, credential, options);

    private AccessToken Token()
    {
        lock (_gate)
        {
            // Compared this way round: the empty token's ExpiresOn is DateTimeOffset.MinValue, which cannot go earlier.
            if (_token.ExpiresOn <= time.GetUtcNow() + RenewBefore)
            {
                // Blocks only when the token is renewed, about once an hour, not per batch.
                _token = credential.GetToken(StorageScope, CancellationToken.None);
            }

            return _token;
        }
    }
}
