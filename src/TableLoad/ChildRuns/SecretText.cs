namespace TableLoad.ChildRuns;

/// <summary>A secret a sweep or tune hands to its child runs through the environment; it never prints itself.</summary>
internal sealed class SecretText(string value)
{
    public string Reveal() => value;

    public override string ToString() => "(secret)";
}

/// <summary>The secrets a sweep or tune hands to each child run through its environment.</summary>
internal sealed record CellSecrets(SecretText? ConnectionString, SecretText? Sas);
