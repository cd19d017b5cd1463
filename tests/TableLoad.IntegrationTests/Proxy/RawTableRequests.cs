using System.Net.Http.Headers;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>Batches sent without the wire client, to see every header of the answer.</summary>
internal static class RawTableRequests
{
    public static async Task<HttpResponseMessage> SendBatchAsync(HttpClient http, TableTestClient client, EntityTemplate template, string table, string partitionKey, int count)
    {
        var body = new BatchBodyWriter(template, client.TableUrl(table)).Write(partitionKey, $"row{Guid.NewGuid():N}", "nonce-1", count).ToArray();
        var request = new HttpRequestMessage(HttpMethod.Post, $"{client.Target.TableEndpoint.AbsoluteUri.TrimEnd('/')}/$batch")
        {
            Content = new ByteArrayContent(body) { Headers = { ContentType = MediaTypeHeaderValue.Parse(BatchBodyWriter.ContentType) } },
        };
        AddServiceHeaders(request);
        client.Target.Authorizer.Authorize(request);
        return await http.SendAsync(request);
    }

    public static void AddServiceHeaders(HttpRequestMessage request)
    {
        request.Headers.TryAddWithoutValidation("x-ms-version", WireBatchClient.ServiceVersion);
        request.Headers.TryAddWithoutValidation("DataServiceVersion", "3.0");
        request.Headers.TryAddWithoutValidation("MaxDataServiceVersion", "3.0;NetFx");
        request.Headers.TryAddWithoutValidation("Accept", "application/json;odata=nometadata");
    }

    public static string? Header(HttpResponseMessage response, string name) =>
        response.Headers.TryGetValues(name, out var values) ? values.Single() : null;
}
