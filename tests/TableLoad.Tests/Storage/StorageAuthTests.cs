using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

public sealed class StorageAuthTests
{
    private const string Secret = "TABLELOAD-RECOGNISABLE-SAS";

    [Theory]
    [InlineData(nameof(AuthKind.SharedKey), "not base64!")]
    [InlineData(nameof(AuthKind.SharedKey), null)]
    [InlineData(nameof(AuthKind.Sas), null)]
    [InlineData(nameof(AuthKind.Entra), "a-token-that-must-not-travel")]
    [InlineData("7", null)]
    public void New_ASecretThatDoesNotFitTheKind_IsRefusedWithoutQuotingIt(string kind, string? secret)
    {
        var refusal = Assert.Throws<FormatException>(() => new StorageAuth(Enum.Parse<AuthKind>(kind), secret));

        Assert.DoesNotContain(secret ?? "\0", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ToString_NamesTheKind_AndNeverTheSecret()
    {
        var text = StorageAuth.Sas(Secret).ToString();

        Assert.Equal("Sas", text);
    }

    [Fact]
    public void Equality_ComparesTheSecret()
    {
        Assert.Equal(StorageAuth.Sas(Secret), StorageAuth.Sas(Secret));
        Assert.NotEqual(StorageAuth.Sas(Secret), StorageAuth.Sas(Secret + "x"));
    }
}
