namespace TableLoad.Storage;

/// <summary>What one query of <c>--operation query</c> asks for: up to <paramref name="Length"/> entities, in answers of up to <paramref name="PageSize"/>.</summary>
internal readonly record struct QueryShape(int Length, int PageSize)
{
    /// <summary>The service's cap on the entities of one answer.</summary>
    public const int MaxPageSize = 1000;

    public static readonly QueryShape Default = new(10, MaxPageSize);

    /// <summary>The <c>$top</c> of the next page when <paramref name="returned"/> entities came already.</summary>
    public int NextTop(int returned) => Math.Min(PageSize, Length - returned);
}
