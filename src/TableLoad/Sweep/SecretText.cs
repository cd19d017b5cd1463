namespace TableLoad.Sweep;

/// <summary>A secret the sweep hands to its cells through the environment; it never prints itself.</summary>
internal sealed class SecretText(string value)
{
    public string Reveal() => value;

    public override string ToString() => "(secret)";
}

/// <summary>The secrets a sweep hands to each cell through its environment.</summary>
internal sealed record CellSecrets(SecretText? ConnectionString, SecretText? Sas);
