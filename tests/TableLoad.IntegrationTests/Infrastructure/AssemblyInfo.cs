// Test collections run side by side, each against an Azurite of its own (AzuriteCollections.cs). The tests mostly wait
// on child processes, trickles and the proxy's added latency, so a 2-core machine keeps six going: the integration tests took
// 8 min 26 s with four and 7 min 41 s with six, in one fresh-clone run each, and with six no CPU was idle from start to end. Their
// assertions are of counts, schedules and the proxy's own pacing, with bounds a slow machine meets too, not of a rate or latency
// within some percent: a busy machine makes them slower, not red.
[assembly: CollectionBehavior(CollectionBehavior.CollectionPerClass, MaxParallelThreads = 6)]
[assembly: TestCollectionOrderer("TableLoad.IntegrationTests.Infrastructure.CollectionOrder", "TableLoad.IntegrationTests")]
