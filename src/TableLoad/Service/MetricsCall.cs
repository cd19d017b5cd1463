using System.Text.Json;
using TableLoad.Storage.Monitor;

namespace TableLoad.Service;

/// <summary>One call of the metrics API as service-metrics.json keeps it: the query, the status, the answer as it came, or why there was none.</summary>
internal sealed record MetricsCall(string Query, int? Status, JsonElement? Answer, string? Failure)
{
    /// <summary>The answer read, when it was one of the API's answers; null otherwise.</summary>
    public MetricsAnswer? Read()
    {
        if (Status != 200 || Answer is not { } answer)
        {
            return null;
        }

        try
        {
            return answer.Deserialize(MonitorJsonContext.Default.MetricsAnswer) is { Value: not null } read ? read : null;
        }
        catch (JsonException)
        {
            return null;
        }
    }
}
