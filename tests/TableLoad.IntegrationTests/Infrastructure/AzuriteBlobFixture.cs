using Azure.Storage.Blobs;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>Azurite's blob service, started as the table service is, for the tests that read the service's log from the account's container.</summary>
public sealed class AzuriteBlobFixture(IMessageSink sink) : AzuriteFixture(sink)
{
    protected override string Service => "blob";

    /// <summary>The development account's blob endpoint on this instance, e.g. http://127.0.0.1:PORT/devstoreaccount1.</summary>
    public Uri BlobEndpoint => TableEndpoint;

    /// <summary>The table service's connection string with this blob service's endpoint: the account as a run loads it.</summary>
    public string WithBlobEndpoint(string connectionString) => $"{connectionString.TrimEnd(';')};BlobEndpoint={BlobEndpoint};";

    public BlobContainerClient Container(string name) =>
        new BlobServiceClient($"DefaultEndpointsProtocol=http;AccountName={AccountName};AccountKey={AccountKey};BlobEndpoint={BlobEndpoint};").GetBlobContainerClient(name);
}
