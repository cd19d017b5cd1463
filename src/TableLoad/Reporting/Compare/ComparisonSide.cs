namespace TableLoad.Reporting.Compare;

/// <summary>One side of a comparison: the runs compared against, or the runs judged.</summary>
internal enum ComparisonSide
{
    Base,
    New,
}

internal static class ComparisonSideNames
{
    /// <summary>"base" or "new", as compare's arguments, comparison.json and its sentences name the side.</summary>
    public static string ToName(this ComparisonSide side) => side switch
    {
        ComparisonSide.Base => "base",
        ComparisonSide.New => "new",
    };
}
