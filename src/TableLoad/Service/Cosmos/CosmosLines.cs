using System.Globalization;
using TableLoad.Measurement.Service;

namespace TableLoad.Service.Cosmos;

/// <summary>The terminal's lines of a Cosmos DB account's view: its requests by status code, its request units beside the client's, and the reconciliation.</summary>
internal static class CosmosLines
{
    public static IEnumerable<string> Of(ServiceSummary service)
    {
        var cosmos = service.Cosmos!;
        var codes = string.Join(", ", cosmos.StatusCodes.OrderByDescending(c => c.Value).Select(c => $"{c.Key} {c.Value}"));
        yield return Invariant($"service ({cosmos.Minutes.Count} min of Azure Monitor's metrics of {cosmos.Table ?? "the whole account"}): requests {(codes.Length > 0 ? codes : "none")}");
        var units = cosmos.RequestUnits is { } total ? Invariant($"{total:#,0.##} RU") : "none";
        var hottest = cosmos.NormalizedRu is { } normalized ? Invariant($"{normalized.HottestPercent:0}% (range {normalized.HottestRange})") : "none";
        yield return Invariant($"service request units {units}, the client's {cosmos.ClientRequestUnits:#,0.##} RU; hottest partition key range {hottest}");
        foreach (var sentence in service.Reconciliation)
        {
            yield return "  " + sentence;
        }
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
