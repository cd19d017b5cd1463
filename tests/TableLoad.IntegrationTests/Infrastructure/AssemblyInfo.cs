// Test collections run side by side, each against an Azurite of its own (AzuriteCollections.cs). The tests mostly wait
// on child processes, timed runs and the proxy's added latency, so a 2-core machine keeps four going. Their assertions
// are of counts, schedules and the proxy's own pacing, with bounds a slow machine meets too, not of a rate or latency
// within some percent: a busy machine makes them slower, not red.
[assembly: CollectionBehavior(CollectionBehavior.CollectionPerClass, MaxParallelThreads = 4)]
[assembly: TestCollectionOrderer("TableLoad.IntegrationTests.Infrastructure.CollectionOrder", "TableLoad.IntegrationTests")]
