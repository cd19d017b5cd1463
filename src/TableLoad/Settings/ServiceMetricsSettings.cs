namespace TableLoad.Settings;

/// <summary>Where and how long TableLoad reads the service's own metrics after a run (<c>--service-metrics</c>).</summary>
/// <param name="Endpoint">The Resource Manager host, or the proxy's emulation on this machine.</param>
/// <param name="Wait">How long to wait for the run's last minute to arrive.</param>
internal sealed record ServiceMetricsSettings(ServiceResource Resource, Uri Endpoint, TimeSpan Wait)
{
    public static readonly Uri ResourceManager = new("https://management.azure.com");

    public static readonly TimeSpan DefaultWait = TimeSpan.FromMinutes(5);

    /// <summary>An endpoint on this machine: the emulation, which takes the fixed development token instead of a credential.</summary>
    public bool IsLoopback => Endpoint.IsLoopback;
}
