using TableLoad.Engine;
using TableLoad.Engine.Fleet;

namespace TableLoad.Tests.Engine.Fleet;

/// <summary>The records that carry a secret to the workers never print it, as a record's generated ToString would.</summary>
public sealed class SecretsInToStringTests
{
    private const string Key = "AccountKey=TABLELOAD-RECOGNISABLE-SECRET-KEY";
    private const string Sas = "sv=2020&sig=TABLELOAD-RECOGNISABLE-SAS";

    [Fact]
    public void ControlMessage_StartWithTheConnectionString_DoesNotPrintIt()
    {
        var start = new ControlMessage(ControlMessage.StartType) { ConnectionString = Key, Args = ["--sas", Sas], Process = 1, RunId = "r1" };

        var text = start.ToString();

        Assert.DoesNotContain("RECOGNISABLE", text, StringComparison.Ordinal);
        Assert.Contains("r1", text, StringComparison.Ordinal);
    }

    [Fact]
    public void RunInvocation_WithTheConnectionStringAndASas_DoesNotPrintThem() =>
        Assert.DoesNotContain("RECOGNISABLE", new RunInvocation(["--endpoint", "https://x", "--sas", Sas], Key).ToString(), StringComparison.Ordinal);
}
