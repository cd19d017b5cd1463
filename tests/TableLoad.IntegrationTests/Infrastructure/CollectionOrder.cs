using TableLoad.IntegrationTests.Build;
using TableLoad.IntegrationTests.Security;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// Starts the collections in an order that keeps the machine busy to the end (AssemblyInfo.cs says how many run at once): the ones
/// that mostly wait first, then the longest. The suite is CPU-bound while six collections run, so its length is its CPU work,
/// unless it ends with one collection running alone on a machine the others have left idle. xunit's own order is by a hash of
/// each collection's name, which may start the longest among the last.
/// </summary>
public sealed class CollectionOrder : ITestCollectionOrderer
{
    /// <summary>
    /// The collections in the order they start; a collection not named here starts after these. The lengths after the tune's are
    /// the sums of their tests' durations in one whole run of 2026-12-07 on this 2-core machine while other jobs kept it loaded
    /// (load average about 25), so twice a quiet run's or more: they rank the collections, they do not time them.
    /// </summary>
    internal static readonly string[] Order =
    [
        // The tune searches wait on the proxy's 200 ms a batch and on timed probes, using about a fifth of the machine, and their
        // length follows the search (80-133 s on a quiet machine): started last, the longest of them ended the suite alone.
        TuneChoiceAzuriteCollection.Name,
        TuneAzuriteCollection.Name, // 68-79 s on a quiet machine
        // Then longest first, each next collection taking the first of the six places to come free.
        ProxyAzuriteCollection.Name, // 642 s
        StoredAzuriteCollection.Name, // 633 s
        GateAzuriteCollection.Name, // 543 s
        ReportAzuriteCollection.Name, // 443 s
        ServiceViewAzuriteCollection.Name, // 440 s
        SweepAzuriteCollection.Name, // 408 s
        RequestUnitsAzuriteCollection.Name, // 329 s
        AzuriteCollection.Name, // 317 s
        FleetAzuriteCollection.Name, // 282 s
        SecretAccountCollection.Name, // 264 s
        PlantedBuildCollection.Name, // a build of about 45 s in its fixture
    ];

    public IEnumerable<ITestCollection> OrderTestCollections(IEnumerable<ITestCollection> testCollections) =>
        testCollections.OrderBy(c => Rank(c.DisplayName)).ThenBy(c => c.UniqueID);

    private static int Rank(string name) => Array.IndexOf(Order, name) is var at and >= 0 ? at : Order.Length;
}
