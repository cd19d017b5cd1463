using System.Globalization;

namespace TableLoad.Tune;

/// <summary>How tune writes its figures in sentences and tables: invariant culture, thousands grouped.</summary>
internal static class TuneFigures
{
    public static string Rate(double entitiesPerSecond) => entitiesPerSecond.ToString("#,0", CultureInfo.InvariantCulture);

    public static string Ms(double milliseconds) => milliseconds.ToString("0.0", CultureInfo.InvariantCulture);

    /// <summary>Request units as Cosmos DB charges them, to two decimals.</summary>
    public static string RequestUnits(double units) => units.ToString("#,0.##", CultureInfo.InvariantCulture);

    public static string Percent(double percent) => percent.ToString("0.##", CultureInfo.InvariantCulture) + "%";

    /// <summary>A probe's knobs as its run's options, e.g. <c>--processes 1 --tasks 8 --batch-size 100</c>.</summary>
    public static string Options(TuneKnobs knobs) =>
        string.Create(CultureInfo.InvariantCulture, $"--processes {knobs.Processes} --tasks {knobs.Tasks} --batch-size {knobs.BatchSize.Text}");
}
