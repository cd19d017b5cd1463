namespace TableLoad.Storage;

/// <summary>Where the load goes and how requests are authorised. Never prints its secret.</summary>
internal sealed record StorageTarget(Uri TableEndpoint, string AccountName, IRequestAuthorizer Authorizer)
{
    /// <summary>True when the endpoint is on this machine (the emulator or a local proxy).</summary>
    public bool IsLoopback => TableEndpoint.IsLoopback;

    public override string ToString() => $"{AccountName} at {TableEndpoint}";
}
