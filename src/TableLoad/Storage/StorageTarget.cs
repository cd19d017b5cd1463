using System.Text.Json.Serialization;

namespace TableLoad.Storage;

/// <summary>Where the load goes and how requests are authorised, as data (<see cref="AuthorizedTarget"/> makes the authorizer). Never prints its secret.</summary>
internal sealed record StorageTarget(Uri TableEndpoint, string AccountName, StorageAuth Auth)
{
    /// <summary>True when the endpoint is on this machine (the emulator or a local proxy).</summary>
    [JsonIgnore]
    public bool IsLoopback => TableEndpoint.IsLoopback;

    /// <summary>The same account's blob service, where its request log is archived (<c>--service-log container:NAME</c>); null when unknown.</summary>
    public Uri? BlobEndpoint { get; init; }

    public override string ToString() => $"{AccountName} at {TableEndpoint}";
}
