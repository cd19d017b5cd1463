using TableLoad.Cli;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Tests.Cli;

/// <summary>The options that say how to authorise become data in the settings; no credential is made while parsing.</summary>
public sealed class RunTargetAuthTests
{
    private const string Key = "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM=";
    private const string Endpoint = "https://acct.table.core.windows.net";

    private static RunSettings Create(string[] args, Func<string, string?>? environment = null)
    {
        var options = new RunOptions();
        var parse = options.CreateCommand().Parse(args);
        Assert.Empty(parse.Errors);
        return RunSettingsFactory.Create(parse, options, DateTimeOffset.UtcNow, environment ?? (_ => null));
    }

    [Fact]
    public void Create_AConnectionStringWithAKey_IsASharedKeyTarget()
    {
        var settings = Create(["--connection-string", $"AccountName=acct;AccountKey={Key};TableEndpoint=http://127.0.0.1:9999/acct"]);

        Assert.Equal(StorageAuth.SharedKey(Key), settings.Target.Auth);
    }

    [Fact]
    public void Create_EndpointAndSas_IsASasTarget()
    {
        var settings = Create(["--endpoint", Endpoint, "--sas", "sv=1&sig=abc", "--account", "acct"]);

        Assert.Equal(StorageAuth.Sas("sv=1&sig=abc"), settings.Target.Auth);
    }

    [Fact]
    public void Create_EndpointAndTheSasInTheEnvironment_IsASasTarget()
    {
        var settings = Create(["--endpoint", Endpoint, "--account", "acct"], name => name == SecretVariables.Sas ? "sv=2&sig=def" : null);

        Assert.Equal(StorageAuth.Sas("sv=2&sig=def"), settings.Target.Auth);
    }

    [Fact]
    public void Create_EndpointAndEntra_IsAnEntraTargetWithoutASecret()
    {
        var settings = Create(["--endpoint", Endpoint, "--auth", "entra", "--account", "acct"]);

        Assert.Equal(StorageAuth.Entra, settings.Target.Auth);
        Assert.Null(settings.Target.Auth.Secret);
    }
}
