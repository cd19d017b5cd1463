using System.Net;
using TableLoad.Storage.Wire;

namespace TableLoad.Bench.Floor;

/// <summary>A floor request with the headers TableLoad's wire client sends, signed by the caller.</summary>
internal static class FloorRequest
{
    public static HttpRequestMessage Create(HttpMethod method, Uri uri, string date, string authorization)
    {
        var request = new HttpRequestMessage(method, uri) { Version = HttpVersion.Version11 };
        var headers = request.Headers;
        headers.TryAddWithoutValidation("x-ms-version", WireBatchClient.ServiceVersion);
        headers.TryAddWithoutValidation("DataServiceVersion", "3.0");
        headers.TryAddWithoutValidation("MaxDataServiceVersion", "3.0;NetFx");
        headers.TryAddWithoutValidation("Accept", "application/json;odata=nometadata");
        headers.TryAddWithoutValidation("x-ms-date", date);
        headers.TryAddWithoutValidation("Authorization", authorization);
        return request;
    }
}
