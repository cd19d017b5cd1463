namespace TableLoad.Workload;

/// <summary>Every key stored with the same probability, as YCSB's <c>uniform</c> request distribution.</summary>
/// <param name="keys">How many keys there are to draw from: the key space, or what a mix's inserts made of it.</param>
internal sealed class UniformKeys(Func<long> keys, Random random) : KeyChooser
{
    public override int Next() => (int)random.NextInt64(keys());
}
