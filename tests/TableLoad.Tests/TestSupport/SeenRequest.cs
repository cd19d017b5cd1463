using System.Text.Json;

namespace TableLoad.Tests.TestSupport;

/// <summary>One request as it reached a test's server: its method, its address without the query, its headers and its entity (none without a body).</summary>
internal sealed record SeenRequest(string Method, string Path, Dictionary<string, string> Headers, JsonElement Entity)
{
    public static async Task<SeenRequest> ReadAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var headers = request.Headers.Concat(request.Content?.Headers ?? Enumerable.Empty<KeyValuePair<string, IEnumerable<string>>>())
            .ToDictionary(h => h.Key, h => string.Join(",", h.Value), StringComparer.OrdinalIgnoreCase);
        var body = request.Content is null ? "" : await request.Content.ReadAsStringAsync(cancellationToken);
        return new(request.Method.Method, request.RequestUri!.GetLeftPart(UriPartial.Path), headers, body.Length == 0 ? default : JsonDocument.Parse(body).RootElement.Clone());
    }
}
