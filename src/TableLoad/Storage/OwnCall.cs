namespace TableLoad.Storage;

/// <summary>What a run sends besides its load's requests, each a transaction the service counts.</summary>
internal enum OwnCall
{
    TableCreation,
    EmptinessCheck,
    Count,
    Preload,
    ReadBack,
    TableDeletion,
}
