using System.Diagnostics;
using System.Globalization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Extensions;
using TableLoad.Storage;
using TableLoad.Storage.Monitor;
using TableLoad.Storage.ServiceLog;

namespace TableLoad.Proxy.Log;

/// <summary>
/// Wraps the proxy's handler to write each request's record to the request log once its answer's last byte is out: its duration from the
/// first byte in, and its server latency from the <see cref="ServiceClock"/> the handler fed.
/// </summary>
internal sealed class LoggedRequests(RequestLogFile log, RequestDelegate handle, TimeProvider time)
{
    public async Task HandleAsync(HttpContext context)
    {
        var received = time.GetUtcNow();
        var started = Stopwatch.GetTimestamp();
        var clock = new ServiceClock();
        context.Features.Set(clock);
        await handle(context).ConfigureAwait(false);
        var answered = !context.RequestAborted.IsCancellationRequested;
        if (answered)
        {
            try
            {
                // The last byte out, before the record says how long the request took.
                await context.Response.CompleteAsync().ConfigureAwait(false);
            }
            catch (Exception ex) when (ex is IOException or OperationCanceledException)
            {
                answered = false;
            }
        }

        log.Write(Record(context, received, Stopwatch.GetElapsedTime(started), clock.Elapsed, answered));
    }

    private static ResourceLogRecord Record(HttpContext context, DateTimeOffset received, TimeSpan duration, TimeSpan server, bool answered)
    {
        var request = context.Request;
        var response = context.Response;
        var path = request.Path.Value ?? "/";
        var kind = RequestClassifier.Classify(request.Method, path, request.QueryString.Value, out var account, out _);
        var (operation, category) = OperationNameOfRequest.Of(request, kind);
        var accountName = account.End.Value > 0 ? path[account] : "";
        var status = answered ? response.StatusCode : 0;
        return new ResourceLogRecord
        {
            Time = received.ToUniversalTime(),
            ResourceId = $"/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/local/providers/Microsoft.Storage/storageAccounts/{accountName}/tableServices/default",
            Category = category,
            OperationName = operation,
            OperationVersion = request.Headers["x-ms-version"].ToString(),
            SchemaVersion = "1.0",
            StatusCode = status,
            // The metrics' ResponseType of the answer; one the client never saw (reset, lost) is a network error.
            StatusText = (answered ? ResponseTypes.OfAnswer(status, response.Headers["x-ms-error-code"].ToString()) : ResponseType.NetworkError).Name(),
            // The archive's times are whole milliseconds.
            DurationMs = Math.Round(duration.TotalMilliseconds),
            CallerIpAddress = string.Create(CultureInfo.InvariantCulture, $"{context.Connection.RemoteIpAddress}:{context.Connection.RemotePort}"),
            CorrelationId = response.Headers[ServiceHeaders.RequestIdName].ToString() is { Length: > 0 } id ? id : null,
            Location = "local",
            Uri = request.GetDisplayUrl(),
            Protocol = "HTTP",
            Properties = new ResourceLogProperties
            {
                AccountName = accountName,
                UserAgentHeader = request.Headers.UserAgent.ToString(),
                ClientRequestId = request.Headers[ServiceHeaders.ClientRequestIdName].ToString() is { Length: > 0 } client ? client : null,
                ServerLatencyMs = Math.Round(Math.Min(server.TotalMilliseconds, duration.TotalMilliseconds)),
                ServiceType = "table",
                RequestBodySize = request.ContentLength ?? 0,
                ResponseBodySize = response.ContentLength ?? 0,
            },
        };
    }
}
