namespace TableLoad.Workload;

/// <summary>Every key of the key space with the same probability, as YCSB's <c>uniform</c> request distribution.</summary>
internal sealed class UniformKeys(int keySpace, Random random) : KeyChooser
{
    public override int Next() => random.Next(keySpace);
}
