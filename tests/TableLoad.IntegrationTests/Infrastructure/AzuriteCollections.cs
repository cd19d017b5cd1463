namespace TableLoad.IntegrationTests.Infrastructure;

// Each collection starts an Azurite of its own, so the collections run side by side (AssemblyInfo.cs says how many
// at once) while the tests of one collection run one after the other against theirs: a test may freeze its Azurite
// (SIGSTOP) without stalling any other. CollectionOrder starts them so that none is left running alone at the end.

/// <summary>Runs: their options, refusals, runtime settings and result files.</summary>
[CollectionDefinition(Name)]
public sealed class AzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite";
}

/// <summary>Runs through the throttling proxy and the faults it makes.</summary>
[CollectionDefinition(Name)]
public sealed class ProxyAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite behind the proxy";
}

/// <summary>
/// The service's view of runs through the proxy: its metrics and its request log. Apart from the proxy's throttles and faults
/// because together they were the suite's longest collection by half, which ended the suite alone.
/// </summary>
[CollectionDefinition(Name)]
public sealed class ServiceViewAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite behind the proxy, for the service's view";
}

/// <summary>Several processes and instances of one run, the reports that merge them, and the intervals of merged seconds.</summary>
[CollectionDefinition(Name)]
public sealed class FleetAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for fleets";
}

/// <summary>Request units: runs through the proxy's Cosmos DB emulation, their figures and the throttles it names.</summary>
[CollectionDefinition(Name)]
public sealed class RequestUnitsAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite behind the proxy's request units";
}

/// <summary>Sweeps and the live meter.</summary>
[CollectionDefinition(Name)]
public sealed class SweepAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for sweeps and telemetry";
}

/// <summary>Tune, whose searches are the suite's longest runs: beside the sweeps rather than after them.</summary>
[CollectionDefinition(Name)]
public sealed class TuneAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for tune";
}

/// <summary>Tune's choices between candidates: a second collection of tune's long searches, so the two run side by side.</summary>
[CollectionDefinition(Name)]
public sealed class TuneChoiceAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for tune, its choices";
}

/// <summary>The HTML report, the packaged tool and the batch log; and the tests that freeze the service.</summary>
[CollectionDefinition(Name)]
public sealed class ReportAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for reports and stalls";
}

/// <summary>What runs store: the operations, sample entities and refused batches, checked against the table.</summary>
[CollectionDefinition(Name)]
public sealed class StoredAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for what runs store";
}

/// <summary>Gates: --fail-if, --abort-if, compare and its rounds, and stage plans.</summary>
[CollectionDefinition(Name)]
public sealed class GateAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for gates and intervals";
}
