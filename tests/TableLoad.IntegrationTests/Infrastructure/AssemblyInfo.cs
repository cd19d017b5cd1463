// Load tests against one local Azurite on a small machine: run test collections one at a time.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
