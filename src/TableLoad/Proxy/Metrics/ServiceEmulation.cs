using System.Text.Json;
using Microsoft.AspNetCore.Http;
using TableLoad.Storage.Monitor;

namespace TableLoad.Proxy.Metrics;

/// <summary>
/// The service's own view of what passes through the proxy: counts each Table request into <see cref="ServiceMetricsRecorder"/>
/// (and, in Cosmos mode, into <see cref="CosmosMetricsRecorder"/>) and answers the metrics REST API at its own path
/// (<c>{resource}/providers/Microsoft.Insights/metrics</c>), behind a bearer token.
/// </summary>
internal sealed class ServiceEmulation(ServiceMetricsRecorder recorder, MetricsFault fault, TimeSpan hold, TimeProvider time, CosmosMetricsRecorder? cosmos = null)
{
    public async Task HandleAsync(HttpContext context, RequestDelegate next)
    {
        var path = context.Request.Path.Value ?? "/";
        if (path.StartsWith("/subscriptions/", StringComparison.OrdinalIgnoreCase) && path.EndsWith(MonitorMetric.PathSuffix, StringComparison.OrdinalIgnoreCase))
        {
            await ServeAsync(context, path[..^MonitorMetric.PathSuffix.Length]).ConfigureAwait(false);
            return;
        }

        if (path.StartsWith("/_proxy/", StringComparison.Ordinal))
        {
            await next(context).ConfigureAwait(false);
            return;
        }

        var observation = new ServiceObservation();
        context.Features.Set(observation);
        var ingress = context.Request.ContentLength ?? 0;
        await next(context).ConfigureAwait(false);
        if (observation.Unseen)
        {
            return;
        }

        var request = context.Request;
        var kind = RequestClassifier.Classify(request.Method, path, request.QueryString.Value, out _, out _);
        var api = ApiNames.Of(kind, request.Method, path, request.Headers.IfMatch.Count > 0);
        var type = observation.LostAnswerStatus is { } lost ? ResponseTypes.OfAnswer(lost, null)
            : context.RequestAborted.IsCancellationRequested ? ResponseType.ClientTimeoutError
            : ResponseTypes.OfAnswer(context.Response.StatusCode, context.Response.Headers["x-ms-error-code"].ToString());
        if (cosmos is not null && observation.Partition is { } partition)
        {
            var status = observation.LostAnswerStatus ?? context.Response.StatusCode;
            cosmos.Record(time.GetUtcNow(), partition, status, CosmosOperationTypes.Of(kind, request.Method, request.Headers.IfMatch.Count > 0), observation.Charge);
        }

        var e2e = System.Diagnostics.Stopwatch.GetElapsedTime(observation.StartedTimestamp);
        // Counted in the minute it ended, as the client counts it: a request across a minute's end is in the later minute on both sides.
        recorder.Record(time.GetUtcNow(), type, api, ingress, context.Response.ContentLength ?? 0, observation.ServerTime, e2e);
    }

    private async Task ServeAsync(HttpContext context, string resourceId)
    {
        var response = context.Response;
        if (!HttpMethods.IsGet(context.Request.Method))
        {
            response.StatusCode = StatusCodes.Status405MethodNotAllowed;
            return;
        }

        if (context.Request.Headers.Authorization.ToString() != "Bearer " + MonitorMetric.DevelopmentToken)
        {
            await ErrorAsync(response, StatusCodes.Status401Unauthorized, "InvalidAuthenticationToken", "The access token is missing or invalid.").ConfigureAwait(false);
            return;
        }

        switch (fault)
        {
            case MetricsFault.Forbidden:
                await ErrorAsync(response, StatusCodes.Status403Forbidden, "AuthorizationFailed",
                    $"The client does not have authorization to perform action 'Microsoft.Insights/metrics/read' over scope '{resourceId}'.").ConfigureAwait(false);
                return;
            case MetricsFault.NotFound:
                await ErrorAsync(response, StatusCodes.Status404NotFound, "ResourceNotFound", $"The resource '{resourceId}' was not found.").ConfigureAwait(false);
                return;
            case MetricsFault.Overloaded:
                await ErrorAsync(response, 529, "ServiceOverloaded", "The metrics service is overloaded; retry later.").ConfigureAwait(false);
                return;
            case MetricsFault.Malformed:
                // JSON, so only its shape is wrong: a value that is no list of metrics.
                response.ContentType = "application/json; charset=utf-8";
                await response.WriteAsync("{\"value\": \"Transactions\"}", context.RequestAborted).ConfigureAwait(false);
                return;
            case MetricsFault.None:
                break;
        }

        var query = MetricsQuery.Parse(name => context.Request.Query.TryGetValue(name, out var value) ? value.ToString() : null);
        if (query is null)
        {
            await ErrorAsync(response, StatusCodes.Status400BadRequest, "BadRequest", "metricnames and a timespan START/END are required.").ConfigureAwait(false);
            return;
        }

        MetricsAnswer answer;
        if (resourceId.Contains(CosmosAccountPath, StringComparison.OrdinalIgnoreCase))
        {
            if (cosmos is null)
            {
                await ErrorAsync(response, StatusCodes.Status400BadRequest, "BadRequest",
                    "This proxy emulates a storage account; start it in its Cosmos DB mode (--cosmos or --request-units) to read a Cosmos DB account's metrics.").ConfigureAwait(false);
                return;
            }

            answer = CosmosAnswerBuilder.Build(query, cosmos, hold);
        }
        else
        {
            answer = MetricsAnswerBuilder.Build(query, [.. recorder.Cells(query.Start, query.End, hold)]);
        }

        response.ContentType = "application/json; charset=utf-8";
        await JsonSerializer.SerializeAsync(response.Body, answer, MonitorJsonContext.Default.MetricsAnswer, context.RequestAborted).ConfigureAwait(false);
    }

    private const string CosmosAccountPath = "/providers/Microsoft.DocumentDB/databaseAccounts/";

    private static async Task ErrorAsync(HttpResponse response, int status, string code, string message)
    {
        response.StatusCode = status;
        response.ContentType = "application/json; charset=utf-8";
        await JsonSerializer.SerializeAsync(response.Body, new MetricsError(new MetricsErrorDetail(code, message)), MonitorJsonContext.Default.MetricsError).ConfigureAwait(false);
    }
}
