using TableLoad.IntegrationTests.Build;
using TableLoad.IntegrationTests.Security;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// Starts the longest collections first (AssemblyInfo.cs says how many run at once), so that the suite does not end with one
/// long collection running alone on a machine the others have left idle; the short ones fill the gaps at the end.
/// xunit's own order is by a hash of each collection's name, which may start the longest among the last.
/// </summary>
public sealed class LongestCollectionsFirst : ITestCollectionOrderer
{
    /// <summary>
    /// The collections, longest first, by their tests' time on this 2-core machine (docs/architecture.md says how to measure
    /// them again); a collection not named here starts after these.
    /// </summary>
    internal static readonly string[] Longest =
    [
        GateAzuriteCollection.Name, // 316 s on 2026-11-28's fresh-clone run, beside three others
        ProxyAzuriteCollection.Name, // 284 s
        ReportAzuriteCollection.Name, // 237 s
        StoredAzuriteCollection.Name, // 229 s
        SweepAzuriteCollection.Name, // 160 s
        FleetAzuriteCollection.Name, // 151 s
        RequestUnitsAzuriteCollection.Name, // 141 s
        AzuriteCollection.Name, // 98 s
        SecretAccountCollection.Name, // 97 s
        TuneAzuriteCollection.Name, // 85 s
        TuneChoiceAzuriteCollection.Name, // 77 s
        PlantedBuildCollection.Name,
    ];

    public IEnumerable<ITestCollection> OrderTestCollections(IEnumerable<ITestCollection> testCollections) =>
        testCollections.OrderBy(c => Rank(c.DisplayName)).ThenBy(c => c.UniqueID);

    private static int Rank(string name) => Array.IndexOf(Longest, name) is var at and >= 0 ? at : Longest.Length;
}
