using System.Globalization;

namespace TableLoad.ChildRuns;

/// <summary>The table of a child run that is given none: a fresh name per child.</summary>
internal static class ChildTable
{
    /// <summary>A table name no other child uses, even one that starts in the same second (run's own names are per second).</summary>
    public static string FreshName(DateTimeOffset now, int ordinal) =>
        string.Create(CultureInfo.InvariantCulture, $"tableload{now.UtcDateTime:yyyyMMddHHmmss}c{ordinal:D4}");
}
