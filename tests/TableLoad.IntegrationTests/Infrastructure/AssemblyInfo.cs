// Test collections run side by side, each against an Azurite of its own (AzuriteCollections.cs). The tests mostly wait
// on child processes and timed runs, so a 2-core machine keeps four going; more would make the runs' CPU the limit.
[assembly: CollectionBehavior(CollectionBehavior.CollectionPerClass, MaxParallelThreads = 4)]
