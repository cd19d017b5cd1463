// Test collections run side by side, each against an Azurite of its own (AzuriteCollections.cs). The tests mostly wait
// on child processes, timed runs and the proxy's added latency, so a 2-core machine keeps four going. No test asserts
// what only a fast machine meets (a rate, a latency or a share within some percent): a busy machine makes them slower,
// not red; the bound is the CPU the runs themselves need.
[assembly: CollectionBehavior(CollectionBehavior.CollectionPerClass, MaxParallelThreads = 4)]
