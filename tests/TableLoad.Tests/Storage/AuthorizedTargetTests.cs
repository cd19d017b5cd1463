using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

/// <summary>A target's authorisation is data; the process that sends requests makes the authorizer it describes.</summary>
public sealed class AuthorizedTargetTests
{
    private static readonly Uri Endpoint = new("https://acct.table.core.windows.net");

    private static AuthorizedTarget CreateSut(StorageAuth auth) => AuthorizedTarget.For(new StorageTarget(Endpoint, "acct", auth), TimeProvider.System);

    [Fact]
    public void For_ASharedKey_SignsWithTheKeyOfTheAccount()
    {
        var sut = CreateSut(StorageAuth.SharedKey(Convert.ToBase64String("shared-key-of-acct"u8.ToArray())));
        using var request = new HttpRequestMessage(HttpMethod.Post, new Uri(Endpoint, "$batch"));

        sut.Authorizer.Authorize(request);

        Assert.IsType<SharedKeyAuthorizer>(sut.Authorizer);
        Assert.StartsWith("SharedKey acct:", request.Headers.GetValues("Authorization").Single(), StringComparison.Ordinal);
    }

    [Fact]
    public void For_ASas_AppendsTheSignatureToTheQuery()
    {
        var sut = CreateSut(StorageAuth.Sas("?sv=1&sig=abc"));
        using var request = new HttpRequestMessage(HttpMethod.Post, new Uri(Endpoint, "$batch"));

        sut.Authorizer.Authorize(request);

        Assert.IsType<SasAuthorizer>(sut.Authorizer);
        Assert.Equal("?sv=1&sig=abc", request.RequestUri!.Query);
    }

    [Fact]
    public void For_Entra_MakesABearerTokenAuthorizer_AndKeepsTheTarget()
    {
        var target = new StorageTarget(Endpoint, "acct", StorageAuth.Entra);

        var sut = AuthorizedTarget.For(target, TimeProvider.System);

        Assert.IsType<BearerTokenAuthorizer>(sut.Authorizer);
        Assert.Same(target, sut.Target);
        Assert.Equal(Endpoint, sut.TableEndpoint);
    }
}
