using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace TableLoad.IntegrationTests.Telemetry;

/// <summary>
/// A small OTLP/HTTP metrics endpoint on a free loopback port: keeps every export's body, or refuses
/// them all with 503 when <c>refuse</c> is set.
/// </summary>
public sealed class OtlpReceiver : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly List<byte[]> _exports = [];

    private OtlpReceiver(WebApplication app) => _app = app;

    public Uri Address => new(_app.Urls.First());

    public int Requests { get { lock (_exports) { return _exports.Count; } } }

    public static async Task<OtlpReceiver> StartAsync(bool refuse = false)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        var app = builder.Build();
        var receiver = new OtlpReceiver(app);
        app.MapPost("/v1/metrics", async (HttpContext context) =>
        {
            using var body = new MemoryStream();
            await context.Request.Body.CopyToAsync(body);
            lock (receiver._exports)
            {
                receiver._exports.Add(body.ToArray());
            }

            context.Response.StatusCode = refuse ? StatusCodes.Status503ServiceUnavailable : StatusCodes.Status200OK;
        });
        await app.StartAsync();
        return receiver;
    }

    /// <summary>Whether any export so far holds <paramref name="text"/> (names and tag values travel as UTF-8 in the protobuf).</summary>
    public bool Received(string text) => Received(Encoding.UTF8.GetBytes(text));

    /// <summary>Whether any export so far holds these bytes.</summary>
    public bool Received(byte[] bytes)
    {
        lock (_exports)
        {
            return _exports.Any(e => e.AsSpan().IndexOf(bytes) >= 0);
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
