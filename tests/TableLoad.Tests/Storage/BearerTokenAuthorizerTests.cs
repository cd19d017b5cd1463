using Azure.Core;
using Microsoft.Extensions.Time.Testing;
using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

/// <summary>
/// The wire client's Microsoft Entra authorisation. No Entra endpoint is reachable from the tests, so the
/// credential is a stand-in that hands out tokens with a given lifetime on the test's clock and counts the requests.
/// </summary>
public sealed class BearerTokenAuthorizerTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 24, 12, 0, 0, TimeSpan.Zero);

    private static HttpRequestMessage BatchRequest() => new(HttpMethod.Post, "https://account.table.core.windows.net/$batch");

    [Fact]
    public void Authorize_FirstRequest_GetsATokenAndSendsItAsBearer()
    {
        var time = new FakeTimeProvider(Start);
        var credential = new CountingCredential(time, TimeSpan.FromHours(1));
        var authorizer = new BearerTokenAuthorizer(credential, time);
        using var request = BatchRequest();

        authorizer.Authorize(request);

        Assert.Equal("Bearer token-1", request.Headers.Authorization?.ToString());
        Assert.Equal(1, credential.Requests);
    }

    [Fact]
    public void Authorize_TokenFarFromExpiry_IsReused()
    {
        var time = new FakeTimeProvider(Start);
        var credential = new CountingCredential(time, TimeSpan.FromHours(1));
        var authorizer = new BearerTokenAuthorizer(credential, time);

        for (var i = 0; i < 3; i++)
        {
            using var request = BatchRequest();
            authorizer.Authorize(request);
        }

        Assert.Equal(1, credential.Requests);
    }

    [Fact]
    public void Authorize_TokenWithinFiveMinutesOfExpiry_IsRenewed()
    {
        var time = new FakeTimeProvider(Start);
        var credential = new CountingCredential(time, TimeSpan.FromMinutes(4));
        var authorizer = new BearerTokenAuthorizer(credential, time);

        using var first = BatchRequest();
        authorizer.Authorize(first);
        using var second = BatchRequest();
        authorizer.Authorize(second);

        Assert.Equal(2, credential.Requests);
        Assert.Equal("Bearer token-2", second.Headers.Authorization?.ToString());
    }

    [Fact]
    public void Authorize_AsItsClockPassesFiveMinutesBeforeExpiry_RenewsThenAndNotBefore()
    {
        var time = new FakeTimeProvider(Start);
        var credential = new CountingCredential(time, TimeSpan.FromHours(1));
        var authorizer = new BearerTokenAuthorizer(credential, time);
        using var first = BatchRequest();
        using var justBefore = BatchRequest();
        using var atRenewal = BatchRequest();

        authorizer.Authorize(first);
        time.SetUtcNow(Start + TimeSpan.FromMinutes(55) - TimeSpan.FromSeconds(1));
        authorizer.Authorize(justBefore);
        time.SetUtcNow(Start + TimeSpan.FromMinutes(55));
        authorizer.Authorize(atRenewal);

        Assert.Equal("Bearer token-1", justBefore.Headers.Authorization?.ToString());
        Assert.Equal("Bearer token-2", atRenewal.Headers.Authorization?.ToString());
        Assert.Equal(2, credential.Requests);
    }

    private sealed class CountingCredential(TimeProvider time, TimeSpan lifetime) : TokenCredential
    {
        public int Requests { get; private set; }

        public override AccessToken GetToken(TokenRequestContext requestContext, CancellationToken cancellationToken) =>
            new($"token-{++Requests}", time.GetUtcNow() + lifetime);

        public override ValueTask<AccessToken> GetTokenAsync(TokenRequestContext requestContext, CancellationToken cancellationToken) =>
            ValueTask.FromResult(GetToken(requestContext, cancellationToken));
    }
}
