using System.Globalization;

namespace TableLoad.Cli;

/// <summary>A share written as a percentage (5%, 0.5%): the one reading of every option that takes one.</summary>
internal static class Percentage
{
    /// <summary>Reads a share from 0% to 100%.</summary>
    /// <param name="signOptional">True where a bare number stands for a percentage (5 for 5%).</param>
    public static bool TryParse(string text, bool signOptional, out double percent)
    {
        var trimmed = text.Trim();
        var signed = trimmed.EndsWith('%');
        percent = 0;
        return (signed || signOptional) && TryNumber(signed ? trimmed[..^1] : trimmed, out percent) && percent <= 100;
    }

    /// <summary>A finite number of at least 0, with a decimal point and no sign, in the invariant culture.</summary>
    public static bool TryNumber(string text, out double value) =>
        double.TryParse(text.Trim(), NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out value) && double.IsFinite(value);

    /// <summary>True for a value written with a minus sign, which the readers above refuse without saying why.</summary>
    public static bool IsNegative(string text) => text.TrimStart().StartsWith('-');
}
