using System.CommandLine;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary>The options that read the service's own per-minute metrics after a run (docs/service.md), and their refusals.</summary>
internal sealed class ServiceMetricsOptions
{
    public Option<string?> Resource { get; } = new("--service-metrics")
    {
        HelpName = "RESOURCE_ID",
        Description = $"After the run, read Azure Monitor's per-minute metrics of this resource for the run's minutes and set them beside the client's figures (summary.json's service, service-metrics.json, a few lines): a storage account's table service ({ServiceResource.StorageExample}) or a Cosmos DB account ({ServiceResource.CosmosExample}), the run's own account. Needs the Monitoring Reader role on it, through DefaultAzureCredential (docs/service.md). none reads none, whatever a profile or TABLELOAD_SERVICE_METRICS says. Default: none.",
    };

    public Option<string?> Endpoint { get; } = new("--metrics-endpoint")
    {
        HelpName = "URL",
        Description = $"With --service-metrics: the Resource Manager host to read metrics from, for a sovereign cloud, or the address of tableload proxy, which emulates them on this machine (with a fixed development token). Default: {ServiceMetricsSettings.ResourceManager}.",
    };

    public BoundedDuration Wait { get; } = new(
        new Option<string>("--service-metrics-wait") { Description = "With --service-metrics: how long to wait after the run for its last minute's metrics, which arrive minutes late; Ctrl+C stops the wait and keeps the run's results.", DefaultValueFactory = _ => "5m" },
        TimeSpan.Zero, TimeSpan.FromHours(1), why: "metrics arrive within minutes");

    public IEnumerable<Option> All => [Resource, Endpoint, Wait.Option];

    /// <summary>The resource that reads none: given on a command line, it overrides a profile's (tune's probes leave them to its confirm runs).</summary>
    public const string None = "none";

    /// <summary>The settings, or null without --service-metrics; every refusal goes into <paramref name="errors"/>.</summary>
    public ServiceMetricsSettings? Read(ParseResult parse, UsageErrors errors, StorageTarget? target)
    {
        var wait = Wait.ValueIn(parse, errors);
        var endpointText = parse.GetValue(Endpoint);
        var id = parse.GetValue(Resource);
        if (id is null or None)
        {
            // With none, what goes with a resource may come from a profile whose resource it overrides.
            errors.Require(Endpoint, endpointText is null || id is not null, "--metrics-endpoint goes with --service-metrics.");
            errors.Require(Wait.Option, !parse.IsGiven(Wait.Option) || id is not null, "--service-metrics-wait goes with --service-metrics.");
            return null;
        }

        var resource = ServiceResource.Parse(id);
        errors.Require(Resource, resource is not null,
            $"--service-metrics '{id}' is neither a storage account's table service ({ServiceResource.StorageExample}) nor a Cosmos DB account ({ServiceResource.CosmosExample}).");
        Uri? endpoint = null;
        errors.Require(Endpoint, endpointText is null || (Uri.TryCreate(endpointText, UriKind.Absolute, out endpoint) && (endpoint.Scheme == Uri.UriSchemeHttps || (endpoint.Scheme == Uri.UriSchemeHttp && endpoint.IsLoopback))),
            $"--metrics-endpoint must be an https address (or an http one on this machine, such as tableload proxy's), not '{endpointText}'.");
        if (resource is not null && target is not null)
        {
            errors.Require(Resource, resource.Account.Equals(target.AccountName, StringComparison.OrdinalIgnoreCase),
                $"--service-metrics names the account '{resource.Account}', but the run loads '{target.AccountName}': the metrics would not be this run's.");
            errors.Require(Resource, !target.IsLoopback || endpointText is not null,
                "--service-metrics against a target on this machine (Azurite) needs --metrics-endpoint: Azure Monitor has no metrics of it; give the address of tableload proxy, which emulates them.");
        }

        return resource is null || wait is null || (endpointText is not null && endpoint is null)
            ? null
            : new ServiceMetricsSettings(resource, endpoint ?? ServiceMetricsSettings.ResourceManager, wait.Value);
    }
}
