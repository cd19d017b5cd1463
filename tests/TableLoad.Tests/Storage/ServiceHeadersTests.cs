using TableLoad.Storage;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Storage;

/// <summary>The charge and sub-status headers read from their text: a malformed charge is unreadable, never a crash or a figure.</summary>
public sealed class ServiceHeadersTests
{
    [Theory]
    [InlineData("5.71", 5.71)]
    [InlineData("0", 0)]
    [InlineData("1234", 1234)]
    public void Charge_ANonNegativeNumber_IsRead(string header, double units) =>
        Assert.Equal(new RequestCharge(ChargeReading.Read, units), ServiceHeaders.Charge(header));

    [Theory]
    [InlineData("not-a-number")]
    [InlineData("-5.71")]
    [InlineData("")]
    [InlineData("NaN")]
    [InlineData("Infinity")]
    [InlineData("5,71")]
    public void Charge_NotANonNegativeNumber_IsUnreadable(string header) =>
        Assert.Equal(RequestCharge.Unreadable, ServiceHeaders.Charge(header));

    [Fact]
    public void Charge_NoHeader_IsAbsent() => Assert.Equal(ChargeReading.Absent, ServiceHeaders.Charge(null).Reading);

    [Fact]
    public void Charge_ReadingIt_AllocatesNothing()
    {
        const string header = "571.43";
        _ = ServiceHeaders.Charge(header);
        var total = 0.0;
        var allocated = AllocatedBytes.Fewest(() =>
        {
            total = 0.0;
            for (var i = 0; i < 1_000; i++)
            {
                total += ServiceHeaders.Charge(header).Units;
            }
        });

        Assert.Equal(0, allocated);
        Assert.Equal(571_430, total, precision: 3);
    }

    [Theory]
    [InlineData("3200", 3200)]
    [InlineData(null, null)]
    [InlineData("abc", null)]
    public void SubStatus_IsTheWholeNumberOrNull(string? header, int? expected) => Assert.Equal(expected, ServiceHeaders.SubStatus(header));
}
