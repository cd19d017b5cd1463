// Test collections run side by side, each against an Azurite of its own (AzuriteCollections.cs). The tests mostly wait
// on child processes and timed runs, so a 2-core machine keeps three going; with more, the runs' own CPU becomes the
// limit, and the tests whose load must pass a throttling limit or keep a latency bound fail on a busy machine.
[assembly: CollectionBehavior(CollectionBehavior.CollectionPerClass, MaxParallelThreads = 3)]
