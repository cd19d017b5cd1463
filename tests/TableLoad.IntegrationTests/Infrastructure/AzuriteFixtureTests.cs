using System.Net;

namespace TableLoad.IntegrationTests.Infrastructure;

[Collection(AzuriteCollection.Name)]
public sealed class AzuriteFixtureTests(AzuriteFixture azurite)
{
    [Fact]
    public async Task TablesEndpoint_WithoutAuthorization_AnswersForbiddenFromAzurite()
    {
        using var client = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };

        using var response = await client.GetAsync(new Uri($"{azurite.TableEndpoint}/Tables"));

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.StartsWith("Azurite-Table", response.Headers.Server.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void ConnectionString_NamesTheFixturesTableEndpoint()
    {
        Assert.Contains($"TableEndpoint=http://127.0.0.1:{azurite.Port}/devstoreaccount1;", azurite.ConnectionString, StringComparison.Ordinal);
        Assert.StartsWith("DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=", azurite.ConnectionString, StringComparison.Ordinal);
    }
}
