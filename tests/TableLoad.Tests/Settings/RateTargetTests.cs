using System.Text.Json;
using TableLoad.Settings;

namespace TableLoad.Tests.Settings;

public sealed class RateTargetTests
{
    [Theory]
    [InlineData("5600", 5600, false, "5600")]
    [InlineData("5600eps", 5600, false, "5600")]
    [InlineData(" 2000RPS ", 2000, true, "2000rps")]
    [InlineData("2.5rps", 2.5, true, "2.5rps")]
    [InlineData("-3rps", -3, true, "-3rps")]
    public void TryParse_ReadsANumber_BareOrWithItsUnit_AndTextWritesItBackAsGiven(string text, double value, bool requests, string written)
    {
        Assert.True(RateTarget.TryParse(text, out var rate));

        Assert.Equal(requests ? RateTarget.Requests(value) : RateTarget.Entities(value), rate);
        Assert.Equal(written, rate.Text());
    }

    [Theory]
    [InlineData("")]
    [InlineData("rps")]
    [InlineData("2000rpm")]
    [InlineData("2000 req/s")]
    [InlineData("1e")]
    [InlineData("NaNrps")]
    [InlineData("1,000")]
    public void TryParse_RefusesAnythingElse(string text) => Assert.False(RateTarget.TryParse(text, out _));

    [Theory]
    // --mix read:80,upsert-replace:20 with --batch-size 10: 2.8 entities a request.
    [InlineData(2000, 2.8, 5600)]
    [InlineData(300, 50.5, 15150)]
    [InlineData(1, 1, 1)]
    public void RequestsPerSecond_AreTheEntitiesPerRequestTimesTheRate_AndConvertBackToTheValueGiven(double requests, double perRequest, double entities)
    {
        var rate = RateTarget.Requests(requests);

        Assert.Equal(entities, rate.EntitiesPerSecond(perRequest), 9);
        Assert.Equal(rate, RateTarget.Of(rate.EntitiesPerSecond(perRequest), RateUnit.RequestsPerSecond, perRequest));
        Assert.Equal(RateTarget.Entities(5600), RateTarget.Of(RateTarget.Entities(5600).EntitiesPerSecond(perRequest), RateUnit.EntitiesPerSecond, perRequest));
    }

    [Theory]
    [InlineData("5600", 5600, false)]
    [InlineData("\"2000rps\"", 2000, true)]
    public void Json_IsANumberInEntitiesPerSecond_AsBeforeTheUnit_AndAStringInRequestsPerSecond(string json, double value, bool requests)
    {
        var rate = requests ? RateTarget.Requests(value) : RateTarget.Entities(value);

        Assert.Equal(json, JsonSerializer.Serialize(rate));
        Assert.Equal(rate, JsonSerializer.Deserialize<RateTarget>(json));
        Assert.Null(JsonSerializer.Deserialize<RateTarget?>("null"));
    }
}
