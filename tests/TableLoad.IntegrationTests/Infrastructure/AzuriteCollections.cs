namespace TableLoad.IntegrationTests.Infrastructure;

// Each collection starts an Azurite of its own, so the collections run side by side (AssemblyInfo.cs says how many
// at once) while the tests of one collection run one after the other against theirs.

/// <summary>Runs, their options and their result files.</summary>
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

/// <summary>Several processes, instances and cells: multi-process runs, sweeps, reports, telemetry, the packaged tool.</summary>
[CollectionDefinition(Name)]
public sealed class FleetAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for fleets, sweeps and reports";
}

/// <summary>Tests that freeze their Azurite with SIGSTOP: any other test on it would stall, so it is theirs alone.</summary>
[CollectionDefinition(Name)]
public sealed class FrozenAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite that is frozen";
}

/// <summary>tune, whose probes and confirm runs are the longest the suite makes.</summary>
[CollectionDefinition(Name)]
public sealed class TuneAzuriteCollection : ICollectionFixture<AzuriteFixture>
{
    public const string Name = "Azurite for tune";
}
