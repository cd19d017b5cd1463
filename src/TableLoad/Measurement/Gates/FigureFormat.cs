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

    private static string Number(double value, int decimals) =>
        Math.Round(value, decimals, MidpointRounding.AwayFromZero).ToString(decimals == 0 ? "0" : "0." + new string('#', decimals), CultureInfo.InvariantCulture);
}
