using System.Globalization;

namespace TableLoad.Reporting;

/// <summary>
/// The <c>-rN</c> suffix that names each repeat of a sweep cell (<c>sdk-p1-t12-b100-e1024-single-r2</c>): written and
/// read here alone, by the sweep that names its folders and by compare, which finds a cell's repeats beside each other.
/// </summary>
internal static class RepeatNames
{
    private const string Marker = "-r";

    /// <summary>The name of repeat <paramref name="repeat"/> of the point named <paramref name="point"/>.</summary>
    public static string Of(string point, int repeat) => string.Create(CultureInfo.InvariantCulture, $"{point}{Marker}{repeat}");

    /// <summary>The glob that finds the folders of every repeat of <paramref name="point"/>, and maybe more (check with <see cref="IsRepeatOf"/>).</summary>
    public static string Pattern(string point) => point + Marker + "*";

    /// <summary>Whether <paramref name="name"/> is a repeat of <paramref name="point"/>: the point, the marker, a number.</summary>
    public static bool IsRepeatOf(string name, string point) =>
        name.StartsWith(point + Marker, StringComparison.Ordinal)
        && int.TryParse(name.AsSpan(point.Length + Marker.Length), NumberStyles.None, CultureInfo.InvariantCulture, out _);
}
