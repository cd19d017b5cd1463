using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

public sealed class ConnectionStringParserTests
{
    private const string Key = "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM=";
    private const string Signature = "sig=Zm9vYmFyc2VjcmV0c2lnbmF0dXJl%3D";
    private const string Sas = "sv=2019-02-02&ss=t&srt=sco&sp=rwdlacu&se=2030-01-01T00:00:00Z&" + Signature;

    [Fact]
    public void Parse_UseDevelopmentStorage_TargetsAzurite()
    {
        var target = ConnectionStringParser.Parse("UseDevelopmentStorage=true");

        Assert.Equal(new Uri("http://127.0.0.1:10002/devstoreaccount1"), target.TableEndpoint);
        Assert.Equal("devstoreaccount1", target.AccountName);
        Assert.Equal(StorageAuth.SharedKey(ConnectionStringParser.DevelopmentAccountKey), target.Auth);
    }

    [Fact]
    public void Parse_AccountAndKey_TargetsPublicCloudOverHttps()
    {
        var target = ConnectionStringParser.Parse($"AccountName=acct;AccountKey={Key}");

        Assert.Equal(new Uri("https://acct.table.core.windows.net"), target.TableEndpoint);
        Assert.Equal("acct", target.AccountName);
        Assert.Equal(StorageAuth.SharedKey(Key), target.Auth);
    }

    [Theory]
    [InlineData("UseDevelopmentStorage=true", "http://127.0.0.1:10000/devstoreaccount1")]
    [InlineData("UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:10102/devstoreaccount1", "http://127.0.0.1:10000/devstoreaccount1")]
    [InlineData("DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={0};EndpointSuffix=core.chinacloudapi.cn", "https://acct.blob.core.chinacloudapi.cn")]
    [InlineData("AccountName=acct;AccountKey={0};TableEndpoint=https://acct.table.core.windows.net", "https://acct.blob.core.windows.net")]
    [InlineData("AccountName=acct;AccountKey={0};TableEndpoint=http://127.0.0.1:10102/acct;BlobEndpoint=http://127.0.0.1:10100/acct/", "http://127.0.0.1:10100/acct")]
    [InlineData("AccountName=acct;AccountKey={0};TableEndpoint=http://127.0.0.1:10102/acct", null)]
    public void Parse_BlobEndpoint_IsGivenOrBesideTheTableService_AndUnknownForAnyOtherAddress(string connectionString, string? blobEndpoint)
    {
        var target = ConnectionStringParser.Parse(string.Format(System.Globalization.CultureInfo.InvariantCulture, connectionString, Key));

        Assert.Equal(blobEndpoint is null ? null : new Uri(blobEndpoint), target.BlobEndpoint);
    }

    [Fact]
    public void Parse_EndpointSuffix_ReplacesPublicCloudSuffix()
    {
        var target = ConnectionStringParser.Parse($"DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={Key};EndpointSuffix=core.chinacloudapi.cn");

        Assert.Equal(new Uri("https://acct.table.core.chinacloudapi.cn"), target.TableEndpoint);
    }

    [Fact]
    public void Parse_TableEndpoint_OverridesDerivedEndpoint()
    {
        var target = ConnectionStringParser.Parse($"AccountName=acct;AccountKey={Key};EndpointSuffix=ignored.example;TableEndpoint=https://proxy.example.com/");

        Assert.Equal(new Uri("https://proxy.example.com"), target.TableEndpoint);
        Assert.Equal("acct", target.AccountName);
    }

    [Fact]
    public void Parse_SharedAccessSignature_UsesSasAndAccountFromHost()
    {
        var target = ConnectionStringParser.Parse($"TableEndpoint=https://acct.table.core.windows.net/;SharedAccessSignature={Sas}");

        Assert.Equal(StorageAuth.Sas(Sas), target.Auth);
        Assert.Equal("acct", target.AccountName);
    }

    [Fact]
    public void Parse_AKeyThatIsNotBase64_IsRefusedWithoutQuotingIt()
    {
        var refusal = Assert.Throws<FormatException>(() => ConnectionStringParser.Parse("AccountName=acct;AccountKey=not-base64-SECRETISH!"));

        Assert.Equal("The connection string's AccountKey is not valid base64.", refusal.Message);
    }

    [Theory]
    [InlineData("AccountName=acct;AccountKey=" + Key)]
    [InlineData("DefaultEndpointsProtocol=http;AccountName=acct;AccountKey=" + Key + ";TableEndpoint=http://127.0.0.1:10002/acct")]
    [InlineData("TableEndpoint=https://acct.table.core.windows.net/;SharedAccessSignature=" + Sas)]
    public void ToString_NeverShowsKeyOrSignature(string connectionString)
    {
        var text = ConnectionStringParser.Parse(connectionString).ToString();

        Assert.DoesNotContain(Key, text, StringComparison.Ordinal);
        Assert.DoesNotContain("sig=", text, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("Zm9vYmFyc2VjcmV0c2lnbmF0dXJl", text, StringComparison.Ordinal);
        Assert.Contains("acct", text, StringComparison.Ordinal);
    }
}
