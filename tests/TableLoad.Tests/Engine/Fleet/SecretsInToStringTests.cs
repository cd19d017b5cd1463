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
    public void ControlMessage_StartWithTheSettings_DoesNotPrintTheSecret(string auth)
    {
        var start = new ControlMessage(ControlMessage.StartType) { Settings = Settings(auth) with { Process = 1 } };

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

    private static RunSettings Settings(string auth)
    {
        var endpoint = new Uri("http://127.0.0.1:10002/secretacct");
        IRequestAuthorizer authorizer = auth == "key" ? new SharedKeyAuthorizer("secretacct", Key, TimeProvider.System) : new SasAuthorizer(Sas);
        return DefaultRunSettings.Create() with { Target = new StorageTarget(endpoint, "secretacct", authorizer), Table = "t1", OutputDirectory = "out", RunId = "r1" };
    }

    private static void AssertNoSecret(string text)
    {
        Assert.DoesNotContain("RECOGNISABLE", text, StringComparison.Ordinal);
        Assert.DoesNotContain(Convert.ToBase64String(Key), text, StringComparison.Ordinal);
    }
}
