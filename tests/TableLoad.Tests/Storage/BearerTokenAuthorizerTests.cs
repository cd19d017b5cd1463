using Azure.Core;
using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

/// <summary>
/// The wire client's Microsoft Entra authorisation. No Entra endpoint is reachable from the tests, so the
/// credential is a stand-in that hands out tokens with a given lifetime and counts the requests.
/// </summary>
public sealed class BearerTokenAuthorizerTests
{
    [Fact]
    public void Authorize_FirstRequest_GetsATokenAndSendsItAsBearer()
    {
        var credential = new CountingCredential(TimeSpan.FromHours(1));
        var authorizer = new BearerTokenAuthorizer(credential);
        using var request = new HttpRequestMessage(HttpMethod.Post, "https://account.table.core.windows.net/$batch");

        authorizer.Authorize(request);

        Assert.Equal("Bearer token-1", request.Headers.Authorization?.ToString());
        Assert.Equal(1, credential.Requests);
    }

    [Fact]
    public void Authorize_TokenFarFromExpiry_IsReused()
    {
        var credential = new CountingCredential(TimeSpan.FromHours(1));
        var authorizer = new BearerTokenAuthorizer(credential);

        for (var i = 0; i < 3; i++)
        {
            using var request = new HttpRequestMessage(HttpMethod.Post, "https://account.table.core.windows.net/$batch");
            authorizer.Authorize(request);
        }

        Assert.Equal(1, credential.Requests);
    }

    [Fact]
    public void Authorize_TokenWithinFiveMinutesOfExpiry_IsRenewed()
    {
        var credential = new CountingCredential(TimeSpan.FromMinutes(4));
        var authorizer = new BearerTokenAuthorizer(credential);

        using var first = new HttpRequestMessage(HttpMethod.Post, "https://account.table.core.windows.net/$batch");
        authorizer.Authorize(first);
        using var second = new HttpRequestMessage(HttpMethod.Post, "https://account.table.core.windows.net/$batch");
        authorizer.Authorize(second);

        Assert.Equal(2, credential.Requests);
        Assert.Equal("Bearer token-2", second.Headers.Authorization?.ToString());
    }

    private sealed class CountingCredential(TimeSpan lifetime) : TokenCredential
    {
        public int Requests { get; private set; }

        public override AccessToken GetToken(TokenRequestContext requestContext, CancellationToken cancellationToken) =>
            new($"token-{++Requests}", DateTimeOffset.UtcNow + lifetime);

        public override ValueTask<AccessToken> GetTokenAsync(TokenRequestContext requestContext, CancellationToken cancellationToken) =>
            ValueTask.FromResult(GetToken(requestContext, cancellationToken));
    }
}
