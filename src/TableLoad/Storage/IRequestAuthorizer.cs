using Azure.Data.Tables;

namespace TableLoad.Storage;

/// <summary>How a target's requests are authorised, by TableLoad's wire client and by the SDK's clients alike.</summary>
internal interface IRequestAuthorizer
{
    /// <summary>Adds credentials to a wire request just before it is sent.</summary>
    void Authorize(HttpRequestMessage request);

    /// <summary>An SDK client for the endpoint, holding the same credentials.</summary>
    TableServiceClient CreateServiceClient(Uri endpoint, TableClientOptions options);
}
