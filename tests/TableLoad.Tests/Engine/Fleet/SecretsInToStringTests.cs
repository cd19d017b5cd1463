using TableLoad.Engine.Fleet;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Engine.Fleet;

/// <summary>The records that carry a secret to the workers never print it, as a record's generated ToString would.</summary>
public sealed class SecretsInToStringTests
{
    private const string Sas = "sv=2020&sig=TABLELOAD-RECOGNISABLE-SAS";

    private static readonly byte[] Key = "TABLELOAD-RECOGNISABLE-SECRET-KEY"u8.ToArray();

    public static TheoryData<string> Authorisations => ["key", "sas"];

    [Theory]
    [MemberData(nameof(Authorisations))]
    public void StartMessage_WithTheSettings_DoesNotPrintTheSecret(string auth)
    {
        var start = new StartMessage(Settings(auth) with { Process = 1 });

        var text = start.ToString();

        AssertNoSecret(text);
        Assert.Contains("r1", text, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Authorisations))]
    public void RunSettings_WithASecretTarget_DoesNotPrintIt(string auth)
    {
        var text = Settings(auth).ToString();

        AssertNoSecret(text);
        Assert.Contains("secretacct", text, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Authorisations))]
    public void AuthorizedTarget_WithASecret_DoesNotPrintIt(string auth)
    {
        var text = AuthorizedTarget.For(Settings(auth).Target, TimeProvider.System).ToString();

        AssertNoSecret(text);
        Assert.Contains("secretacct", text, StringComparison.Ordinal);
    }

    private static RunSettings Settings(string auth)
    {
        var endpoint = new Uri("http://127.0.0.1:10002/secretacct");
        var storageAuth = auth == "key" ? StorageAuth.SharedKey(Convert.ToBase64String(Key)) : StorageAuth.Sas(Sas);
        return DefaultRunSettings.Create() with { Target = new StorageTarget(endpoint, "secretacct", storageAuth), Table = "t1", OutputDirectory = "out", RunId = "r1" };
    }

    private static void AssertNoSecret(string text)
    {
        Assert.DoesNotContain("RECOGNISABLE", text, StringComparison.Ordinal);
        Assert.DoesNotContain(Convert.ToBase64String(Key), text, StringComparison.Ordinal);
    }
}
