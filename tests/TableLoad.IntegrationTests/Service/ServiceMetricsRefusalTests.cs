using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Service;

/// <summary>--service-metrics refused before any request, in one sentence, exit 2.</summary>
public sealed class ServiceMetricsRefusalTests
{
    private const string Endpoint = "http://127.0.0.1:1";

    [Fact]
    public Task AResourceThatIsNeitherATableServiceNorACosmosAccount_IsRefused() =>
        RefusedRun.AssertRefusedAsync(
            "--service-metrics '/subscriptions/s/resourceGroups/g/providers/Microsoft.Storage/storageAccounts/devstoreaccount1' is neither a storage account's table service (/subscriptions/S/resourceGroups/G/providers/Microsoft.Storage/storageAccounts/A/tableServices/default) nor a Cosmos DB account (/subscriptions/S/resourceGroups/G/providers/Microsoft.DocumentDB/databaseAccounts/A).",
            ["--service-metrics", "/subscriptions/s/resourceGroups/g/providers/Microsoft.Storage/storageAccounts/devstoreaccount1", "--metrics-endpoint", Endpoint]);

    [Fact]
    public Task AResourceOfAnotherAccount_IsRefused() =>
        RefusedRun.AssertRefusedAsync(
            "--service-metrics names the account 'otheraccount', but the run loads 'devstoreaccount1': the metrics would not be this run's.",
            ["--service-metrics", ServiceMetricsRunTests.Resource.Replace(AzuriteFixture.AccountName, "otheraccount", StringComparison.Ordinal), "--metrics-endpoint", Endpoint]);

    [Fact]
    public Task AzuriteWithoutAMetricsEndpoint_IsRefused() =>
        RefusedRun.AssertRefusedAsync(
            "--service-metrics against a target on this machine (Azurite) needs --metrics-endpoint: Azure Monitor has no metrics of it; give the address of tableload proxy, which emulates them.",
            ["--service-metrics", ServiceMetricsRunTests.Resource]);

    [Fact]
    public Task AWaitOutOfRange_IsRefused() =>
        RefusedRun.AssertRefusedAsync(
            "--service-metrics-wait must be between 0s and 1h (metrics arrive within minutes), not 2h.",
            ["--service-metrics", ServiceMetricsRunTests.Resource, "--metrics-endpoint", Endpoint, "--service-metrics-wait", "2h"]);

    [Fact]
    public Task AProfilesResource_IsLayeredAsEveryOption_AndRefusedAlike_NamingTheProfile()
    {
        var profile = WriteProfile();
        return RefusedRun.AssertRefusedAsync(
            $"--service-metrics against a target on this machine (Azurite) needs --metrics-endpoint: Azure Monitor has no metrics of it; give the address of tableload proxy, which emulates them (from --config {profile}).",
            ["--config", profile]);
    }

    private static string WriteProfile()
    {
        var path = Path.Combine(Directory.CreateTempSubdirectory("tableload-service-profile-").FullName, "profile.json");
        File.WriteAllText(path, $"{{\"service_metrics\": \"{ServiceMetricsRunTests.Resource}\"}}");
        return path;
    }
}
