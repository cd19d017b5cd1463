using TableLoad.IntegrationTests.Build;
using TableLoad.IntegrationTests.Security;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// Starts the collections in an order that keeps the machine busy to the end (AssemblyInfo.cs says how many run at once): the ones
/// that mostly wait first, then the longest. The suite is CPU-bound while four collections run, so its length is its CPU work,
/// unless it ends with one collection running alone on a machine the others have left idle. xunit's own order is by a hash of
/// each collection's name, which may start the longest among the last.
/// </summary>
public sealed class CollectionOrder : ITestCollectionOrderer
{
    /// <summary>
    /// The collections in the order they start; a collection not named here starts after these. Lengths are of their tests on this
    /// 2-core machine in four fresh-clone runs of 2026-11-28, beside three others (docs/architecture.md says how to measure them).
    /// </summary>
    internal static readonly string[] Order =
    [
        // The tune searches wait on the proxy's 200 ms a batch and on timed probes, using about a fifth of the machine, and their
        // length follows the search (80-133 s): started last, the longest of them ended the suite alone, 35-60 s after the others.
        TuneChoiceAzuriteCollection.Name,
        TuneAzuriteCollection.Name, // 68-79 s
        // Then longest first, each next collection taking the first of the four places to come free.
        GateAzuriteCollection.Name, // 321-341 s
        StoredAzuriteCollection.Name, // 296-317 s
        ProxyAzuriteCollection.Name, // 289-306 s
        ReportAzuriteCollection.Name, // 228-267 s
        // Before the sweeps, so that it does not end the suite: its places came free at about the same time as theirs.
        SecretAccountCollection.Name, // 76-85 s
        SweepAzuriteCollection.Name, // 168-183 s
        FleetAzuriteCollection.Name, // 142-151 s
        RequestUnitsAzuriteCollection.Name, // 119-130 s
        AzuriteCollection.Name, // 108-122 s
        PlantedBuildCollection.Name, // a build of about 45 s in its fixture
    ];

    public IEnumerable<ITestCollection> OrderTestCollections(IEnumerable<ITestCollection> testCollections) =>
        testCollections.OrderBy(c => Rank(c.DisplayName)).ThenBy(c => c.UniqueID);

    private static int Rank(string name) => Array.IndexOf(Order, name) is var at and >= 0 ? at : Order.Length;
}
