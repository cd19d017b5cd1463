using System.CommandLine;
using TableLoad.Cli;
using TableLoad.Settings;

namespace TableLoad.Tests.Cli;

/// <summary>A bound declared once: the same numbers judge the value, make the refusal and show in --help.</summary>
public sealed class BoundedTests
{
    private static (Bounded<int> Bounded, Command Command) CreateSut(int min = 1, int max = 64, string unit = "", string why = "")
    {
        var bounded = new Bounded<int>(new Option<int>("--workers") { Description = "Workers.", DefaultValueFactory = _ => 4 }, min, max, unit, why);
        return (bounded, new Command("test") { bounded.Option });
    }

    [Theory]
    [InlineData("1", 1)]
    [InlineData("64", 64)]
    public void ValueIn_AtEitherBound_IsAccepted(string given, int expected)
    {
        var (sut, command) = CreateSut();
        var errors = new UsageErrors();

        Assert.Equal(expected, sut.ValueIn(command.Parse(["--workers", given]), errors));
        Assert.False(errors.Any);
    }

    [Theory]
    [InlineData("0")]
    [InlineData("65")]
    public void ValueIn_OutsideTheBounds_IsRefused_InASentenceMadeFromThem(string given)
    {
        var (sut, command) = CreateSut(unit: "processes", why: "one per core at most");
        var errors = new UsageErrors();

        Assert.Null(sut.ValueIn(command.Parse(["--workers", given]), errors));
        var refusal = Assert.Throws<UsageException>(errors.ThrowIfAny);
        Assert.Equal($"--workers must be between 1 and 64 processes (one per core at most), not {given}.", refusal.Message);
        Assert.False(errors.Accepted(sut.Option));
    }

    [Fact]
    public void Description_EndsWithTheRange()
    {
        var (sut, _) = CreateSut(unit: "processes");

        Assert.Equal("Workers. Between 1 and 64 processes.", sut.Option.Description);
    }

    [Fact]
    public void AboveMin_RefusesTheMinimumItself_AndNaN()
    {
        var option = new Option<double>("--limit") { DefaultValueFactory = _ => 1 };
        var sut = new Bounded<double>(option, 0, 10, aboveMin: true);

        Assert.False(sut.Accepts(0));
        Assert.False(sut.Accepts(double.NaN));
        Assert.True(sut.Accepts(double.Epsilon));
        Assert.Equal("--limit must be greater than 0 and at most 10, not 0.", sut.Refusal(0));
    }

    [Fact]
    public void AnOptionalOption_LeftOut_IsNull_AndNoFault()
    {
        var option = new Option<long?>("--cap");
        var sut = new Bounded<long>(option, 1, 100);
        var errors = new UsageErrors();

        Assert.Null(sut.ValueIn(new Command("test") { option }.Parse([]), errors));
        Assert.False(errors.Any);
    }

    [Fact]
    public void NoMaximumButTheTypes_IsNotShown()
    {
        var sut = new Bounded<long>(new Option<long?>("--cap") { Description = "Cap." }, 1, long.MaxValue);

        Assert.Equal("Cap. At least 1.", sut.Option.Description);
        Assert.Equal("--cap must be at least 1, not 0.", sut.Refusal(0));
    }

    [Fact]
    public void Duration_OutsideItsBounds_IsRefusedWithTheBoundsInItsOwnSyntax()
    {
        var sut = new BoundedDuration(new Option<string>("--wait") { DefaultValueFactory = _ => "1s" }, TimeSpan.FromMilliseconds(10), TimeSpan.FromHours(1));
        var errors = new UsageErrors();

        Assert.Null(sut.ValueIn(new Command("test") { sut.Option }.Parse(["--wait", "2h"]), errors));
        Assert.Equal("--wait must be between 10ms and 1h, not 2h.", Assert.Throws<UsageException>(errors.ThrowIfAny).Message);
    }
}
