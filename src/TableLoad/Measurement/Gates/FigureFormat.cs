using System.Globalization;
using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>A figure's value in its unit, as TableLoad prints it.</summary>
internal static class FigureFormat
{
    public static string Value(RunFigure figure, double value) => Bare(figure, value) + figure.Unit() switch
    {
        FigureUnit.Percent => "",
        FigureUnit.EntitiesPerSecond or FigureUnit.Milliseconds or FigureUnit.Microseconds => " ",
    } + Unit(figure);

    /// <summary>The figure's unit as printed after a value: e/s, ms, % or µs.</summary>
    public static string Unit(RunFigure figure) => figure.Unit() switch
    {
        FigureUnit.EntitiesPerSecond => "e/s",
        FigureUnit.Milliseconds => "ms",
        FigureUnit.Percent => "%",
        FigureUnit.Microseconds => "µs",
    };

    /// <summary>A number alone, rounded as <see cref="Value"/> rounds it, for intervals printed beside a value.</summary>
    public static string Bare(RunFigure figure, double value) => figure.Unit() switch
    {
        FigureUnit.EntitiesPerSecond => Number(value, 0),
        FigureUnit.Milliseconds => Number(value, value < 10 ? 2 : 1),
        FigureUnit.Percent => Number(value, value < 1 ? 3 : 2),
        FigureUnit.Microseconds => Number(value, 1),
    };

    /// <summary>A change as a share of the base and its interval, from the log of the ratio, e.g. <c>+1.4% e/s (95% CI −9% to +12%)</c>.</summary>
    public static string RelativeChange(FigureComparison comparison)
    {
        if (comparison.RelativeChange is not { } relative || comparison.RelativeInterval is not var (low, high))
        {
            return $"no ratio to a baseline of 0 {Unit(comparison.Figure)}";
        }

        return string.Create(CultureInfo.InvariantCulture,
            $"{Signed(relative * 100, "0.0")}% {Unit(comparison.Figure)} ({comparison.Level * 100:0}% CI {Signed(low * 100, "0")}% to {Signed(high * 100, "0")}%)");
    }

    private static string Signed(double percent, string format) =>
        (percent >= 0 ? "+" : "−") + Math.Abs(percent).ToString(format, CultureInfo.InvariantCulture);

    private static string Number(double value, int decimals) =>
        Math.Round(value, decimals, MidpointRounding.AwayFromZero).ToString(decimals == 0 ? "0" : "0." + new string('#', decimals), CultureInfo.InvariantCulture);
}
