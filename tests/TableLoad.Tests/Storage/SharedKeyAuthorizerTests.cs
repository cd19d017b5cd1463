using System.Globalization;
using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;
using Microsoft.Extensions.Time.Testing;
using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

public sealed class SharedKeyAuthorizerTests
{
    private static readonly byte[] Key = Encoding.UTF8.GetBytes("a 32-byte account key for tests!");

    // A quarter into a second, so a step of less than a second may still turn it.
    private static readonly DateTimeOffset Now = new(2026, 11, 24, 12, 0, 0, 250, TimeSpan.Zero);

    private static SharedKeyAuthorizer CreateSut(string account = "acct", TimeProvider? time = null) => new(account, Key, time ?? new FakeTimeProvider(Now));

    private static HttpRequestMessage Request(HttpMethod method, string url, string? contentType) => Request(method, new Uri(url), contentType);

    private static HttpRequestMessage Request(HttpMethod method, Uri url, string? contentType)
    {
        var request = new HttpRequestMessage(method, url);
        if (contentType is not null)
        {
            request.Content = new ByteArrayContent([1, 2, 3]);
            request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        }

        return request;
    }

    // The documented Table service Shared Key string-to-sign: VERB, Content-MD5 (empty), Content-Type, Date, CanonicalizedResource.
    private static string ExpectedAuthorization(string account, string verb, string contentType, string date, string canonicalizedResource)
    {
        var stringToSign = $"{verb}\n\n{contentType}\n{date}\n{canonicalizedResource}";
        using var hmac = new HMACSHA256(Key);
        return $"SharedKey {account}:{Convert.ToBase64String(hmac.ComputeHash(Encoding.UTF8.GetBytes(stringToSign)))}";
    }

    private static string Header(HttpRequestMessage request, string name) => Assert.Single(request.Headers.GetValues(name));

    [Fact]
    public void Authorize_Post_SignsVerbContentTypeDateAndResource()
    {
        using var request = Request(HttpMethod.Post, "https://acct.table.core.windows.net/Tables", "application/json");

        CreateSut().Authorize(request);

        var date = Header(request, "x-ms-date");
        Assert.Equal(ExpectedAuthorization("acct", "POST", "application/json", date, "/acct/Tables"), Header(request, "Authorization"));
    }

    [Fact]
    public void Authorize_BatchWithBoundary_SignsFullContentType()
    {
        const string contentType = "multipart/mixed; boundary=batch_7a1e2c1b-tableload";
        using var request = Request(HttpMethod.Post, "https://acct.table.core.windows.net/$batch", contentType);

        CreateSut().Authorize(request);

        var date = Header(request, "x-ms-date");
        Assert.Equal(ExpectedAuthorization("acct", "POST", contentType, date, "/acct/$batch"), Header(request, "Authorization"));
    }

    [Fact]
    public void Authorize_Twice_LeavesOneAuthorizationHeader()
    {
        using var request = Request(HttpMethod.Post, "https://acct.table.core.windows.net/$batch", "application/json");

        CreateSut().Authorize(request);
        CreateSut().Authorize(request);

        var date = Header(request, "x-ms-date");
        Assert.Equal(ExpectedAuthorization("acct", "POST", "application/json", date, "/acct/$batch"), Header(request, "Authorization"));
    }

    [Fact]
    public void Authorize_NoContent_SignsEmptyContentType()
    {
        using var request = Request(HttpMethod.Delete, "https://acct.table.core.windows.net/Tables('mytable')", null);

        CreateSut().Authorize(request);

        var date = Header(request, "x-ms-date");
        Assert.Equal(ExpectedAuthorization("acct", "DELETE", "", date, "/acct/Tables('mytable')"), Header(request, "Authorization"));
    }

    [Fact]
    public void Authorize_PathStyleEndpoint_RepeatsAccountInResource()
    {
        using var request = Request(HttpMethod.Get, "http://127.0.0.1:10002/devstoreaccount1/mytable()?$select=PartitionKey,RowKey", null);

        CreateSut("devstoreaccount1").Authorize(request);

        var date = Header(request, "x-ms-date");
        Assert.Equal(
            ExpectedAuthorization("devstoreaccount1", "GET", "", date, "/devstoreaccount1/devstoreaccount1/mytable()"),
            Header(request, "Authorization"));
    }

    [Fact]
    public void Authorize_CompQuery_IsPartOfResource()
    {
        using var request = Request(HttpMethod.Get, "https://acct.table.core.windows.net/?restype=service&comp=properties", null);

        CreateSut().Authorize(request);

        var date = Header(request, "x-ms-date");
        Assert.Equal(ExpectedAuthorization("acct", "GET", "", date, "/acct/?comp=properties"), Header(request, "Authorization"));
    }

    [Fact]
    public void Authorize_DateHeader_IsItsClocksSecond_InRfc1123Utc()
    {
        using var request = Request(HttpMethod.Get, "https://acct.table.core.windows.net/Tables", null);

        CreateSut().Authorize(request);

        Assert.Equal("Tue, 24 Nov 2026 12:00:00 GMT", Header(request, "x-ms-date"));
    }

    [Fact]
    public void Authorize_SameRequestLater_SignsAgainOnlyWhenItsClockTurnsToTheNextSecond()
    {
        var time = new FakeTimeProvider(Now);
        var sut = CreateSut(time: time);
        var batchUri = new Uri("https://acct.table.core.windows.net/$batch");
        using var first = Request(HttpMethod.Post, batchUri, "application/json");
        using var sameSecond = Request(HttpMethod.Post, batchUri, "application/json");
        using var nextSecond = Request(HttpMethod.Post, batchUri, "application/json");

        sut.Authorize(first);
        time.SetUtcNow(Now.AddMilliseconds(700));
        sut.Authorize(sameSecond);
        time.SetUtcNow(Now.AddMilliseconds(800));
        sut.Authorize(nextSecond);

        var later = Now.AddSeconds(1).ToString("R", CultureInfo.InvariantCulture);
        Assert.Equal(Now.ToString("R", CultureInfo.InvariantCulture), Header(sameSecond, "x-ms-date"));
        Assert.Equal(Header(first, "Authorization"), Header(sameSecond, "Authorization"));
        Assert.Equal(later, Header(nextSecond, "x-ms-date"));
        Assert.Equal(ExpectedAuthorization("acct", "POST", "application/json", later, "/acct/$batch"), Header(nextSecond, "Authorization"));
    }
}
