using System.Text.Json;
using Azure;
using Azure.Core;
using Azure.Core.Pipeline;
using Azure.Identity;
using TableLoad.Settings;
using TableLoad.Storage.Monitor;

namespace TableLoad.Service;

/// <summary>Sends one metrics query through the pipeline and says, in one sentence, why an answer is not one to read.</summary>
internal sealed class MetricsReader(ServiceMetricsSettings settings, HttpPipeline pipeline)
{
    public List<MetricsCall> Calls { get; } = [];

    /// <summary>The answer, or the reason there is none (the call is kept in <see cref="Calls"/> either way).</summary>
    public async Task<(MetricsAnswer? Answer, string? Failure)> ReadAsync(MetricsQuery query, CancellationToken cancellationToken)
    {
        var pathAndQuery = query.PathAndQuery(settings.Resource.Id);
        using var message = pipeline.CreateMessage();
        message.Request.Method = RequestMethod.Get;
        message.Request.Uri.Reset(new Uri(settings.Endpoint, pathAndQuery));
        try
        {
            await pipeline.SendAsync(message, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is AuthenticationFailedException or CredentialUnavailableException)
        {
            return Failed(pathAndQuery, null, $"the credential failed ({FirstLine(ex.Message)}); sign in with az login, or set AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET for a service principal, or run where a managed identity is, as docs/service.md says");
        }
        catch (RequestFailedException ex)
        {
            return Failed(pathAndQuery, null, $"the metrics API at {settings.Endpoint} could not be reached ({FirstLine(ex.Message)})");
        }

        var status = message.Response.Status;
        var body = message.Response.Content.ToString();
        JsonElement? json = null;
        try
        {
            using var document = JsonDocument.Parse(body);
            json = document.RootElement.Clone();
        }
        catch (JsonException)
        {
        }

        var call = new MetricsCall(pathAndQuery, status, json, null);
        if (status == 200 && call.Read() is { } answer)
        {
            Calls.Add(call);
            return (answer, null);
        }

        var failure = Sentence(status, json);
        Calls.Add(call with { Failure = failure });
        return (null, failure);
    }

    private (MetricsAnswer?, string?) Failed(string pathAndQuery, int? status, string failure)
    {
        Calls.Add(new MetricsCall(pathAndQuery, status, null, failure));
        return (null, failure);
    }

    private string Sentence(int status, JsonElement? body)
    {
        var error = ErrorOf(body);
        return status switch
        {
            200 => "the metrics API's answer was malformed (not the metrics JSON: a value list of timeseries)",
            401 => $"the metrics API refused the token (401 {error})",
            403 => $"the identity may not read the metrics of {settings.Resource.Id} (403 {error}): give it the Monitoring Reader role on the resource",
            404 => $"the metrics API knows no resource {settings.Resource.Id} (404 {error}): check the resource id",
            429 or 529 => $"the metrics API was still throttling ({status}) after {MetricsPipeline.MaxRetries} retries; try again later",
            _ => $"the metrics API answered {status} {error}",
        };
    }

    private static string ErrorOf(JsonElement? body)
    {
        try
        {
            return body?.Deserialize(MonitorJsonContext.Default.MetricsError)?.Error is { } error ? $"{error.Code}: {error.Message}" : "";
        }
        catch (JsonException)
        {
            return "";
        }
    }

    private static string FirstLine(string text) => text.Split('\n', 2)[0].Trim();
}
