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
        GateAzuriteCollection.Name,
        FleetAzuriteCollection.Name,
        ProxyAzuriteCollection.Name,
        ReportAzuriteCollection.Name,
        RequestUnitsAzuriteCollection.Name,
        StoredAzuriteCollection.Name,
        AzuriteCollection.Name,
        SweepAzuriteCollection.Name,
        TuneAzuriteCollection.Name,
        PlantedBuildCollection.Name,
        SecretAccountCollection.Name,
        TuneChoiceAzuriteCollection.Name,
    ];

    public IEnumerable<ITestCollection> OrderTestCollections(IEnumerable<ITestCollection> testCollections) =>
        testCollections.OrderBy(c => Rank(c.DisplayName)).ThenBy(c => c.UniqueID);

    private static int Rank(string name) => Array.IndexOf(Longest, name) is var at and >= 0 ? at : Longest.Length;
}
