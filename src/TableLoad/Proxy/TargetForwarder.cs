using System.Net;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.Primitives;
using TableLoad.Proxy.Log;

namespace TableLoad.Proxy;

/// <summary>
/// Sends a request on to the target over one shared HTTP/1.1 connection pool, with the method, path,
/// query, headers and body the client sent (so SharedKey and SAS signatures stay valid), and copies
/// the answer back without its hop-by-hop headers.
/// </summary>
internal sealed class TargetForwarder : IDisposable
{
    private readonly HttpMessageInvoker _invoker;
    private readonly string _targetPrefix;

    public TargetForwarder(Uri target, HttpMessageHandler handler)
    {
        _targetPrefix = target.GetLeftPart(UriPartial.Authority);
        _invoker = new HttpMessageInvoker(handler, disposeHandler: true);
    }

    public static SocketsHttpHandler CreateHandler() => new()
    {
        // No connection cap: each client connection needs at most one to the target, as HTTP/1.1 has one request in flight.
        UseProxy = false,
        UseCookies = false,
        AllowAutoRedirect = false,
        AutomaticDecompression = DecompressionMethods.None,
        ActivityHeadersPropagator = null,
        PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        ConnectTimeout = TimeSpan.FromSeconds(10),
    };

    /// <summary>A body that streams the client's request body through, or null if the request has none.</summary>
    public static HttpContent? StreamingBody(HttpContext context)
    {
        var request = context.Request;
        var canHaveBody = context.Features.Get<IHttpRequestBodyDetectionFeature>()?.CanHaveBody ?? request.ContentLength > 0;
        if (!canHaveBody && request.ContentLength is null)
        {
            return null;
        }

        return new StreamContent(request.Body, 64 * 1024) { Headers = { ContentLength = request.ContentLength } };
    }

    public Task<HttpResponseMessage> SendAsync(HttpContext context, HttpContent? body, CancellationToken cancellationToken)
    {
        var request = new HttpRequestMessage(HttpMethod.Parse(context.Request.Method), TargetUri(context))
        {
            Version = HttpVersion.Version11,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = body,
        };

        foreach (var (name, values) in context.Request.Headers)
        {
            if (IsHopByHop(name) || name.Equals("Host", StringComparison.OrdinalIgnoreCase) || name.Equals("Content-Length", StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            if (!Add(request.Headers, name, values) && body is not null)
            {
                Add(body.Headers, name, values);
            }
        }

        var sending = _invoker.SendAsync(request, cancellationToken);
        return ServiceClock.Of(context) is { } clock ? clock.TimeAsync(sending) : sending;
    }

    /// <summary>Copies status, headers (less hop-by-hop ones) and body of the target's answer to the client.</summary>
    public static async Task CopyAnswerAsync(HttpResponseMessage answer, HttpResponse response, CancellationToken cancellationToken)
    {
        response.StatusCode = (int)answer.StatusCode;
        CopyHeaders(answer.Headers.NonValidated, response.Headers);
        CopyHeaders(answer.Content.Headers.NonValidated, response.Headers);
        await answer.Content.CopyToAsync(response.Body, cancellationToken).ConfigureAwait(false);
    }

    public void Dispose() => _invoker.Dispose();

    private Uri TargetUri(HttpContext context)
    {
        // The raw target keeps the client's exact escaping, which its signature was computed over.
        var raw = context.Features.Get<IHttpRequestFeature>()?.RawTarget;
        var pathAndQuery = raw is { Length: > 0 } && raw[0] == '/' ? raw : context.Request.Path.ToUriComponent() + context.Request.QueryString.ToUriComponent();
        return new Uri(_targetPrefix + pathAndQuery, UriKind.Absolute);
    }

    private static bool Add(System.Net.Http.Headers.HttpHeaders headers, string name, StringValues values) =>
        values.Count == 1 ? headers.TryAddWithoutValidation(name, values[0]) : headers.TryAddWithoutValidation(name, (IEnumerable<string?>)values);

    private static void CopyHeaders(System.Net.Http.Headers.HttpHeadersNonValidated from, IHeaderDictionary to)
    {
        foreach (var (name, values) in from)
        {
            if (IsHopByHop(name))
            {
                continue;
            }

            to[name] = values.Count == 1 ? new StringValues(values.ToString()) : new StringValues([.. values]);
        }
    }

    private static bool IsHopByHop(string name) =>
        name.Equals("Connection", StringComparison.OrdinalIgnoreCase) ||
        name.Equals("Transfer-Encoding", StringComparison.OrdinalIgnoreCase) ||
        name.Equals("Keep-Alive", StringComparison.OrdinalIgnoreCase) ||
        name.Equals("Proxy-Connection", StringComparison.OrdinalIgnoreCase) ||
        name.Equals("TE", StringComparison.OrdinalIgnoreCase) ||
        name.Equals("Trailer", StringComparison.OrdinalIgnoreCase) ||
        name.Equals("Upgrade", StringComparison.OrdinalIgnoreCase);
}
