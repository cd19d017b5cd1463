using System.Globalization;

namespace TableLoad.Storage;

/// <summary>
/// What one query of <c>--operation query</c> asks for: up to <paramref name="Length"/> entities, in answers of up to <paramref name="PageSize"/>;
/// with a range (<c>--query-length 1..100</c>, YCSB E's scan length), each query asks for a length drawn uniformly from <see cref="ShortestLength"/> to Length.
/// </summary>
internal readonly record struct QueryShape(int Length, int PageSize)
{
    /// <summary>The service's cap on the entities of one answer.</summary>
    public const int MaxPageSize = 1000;

    /// <summary>The most entities one query may ask for.</summary>
    public const int MaxLength = 1_000_000;

    public static readonly QueryShape Default = new(10, MaxPageSize);

    /// <summary>The fewest entities a query asks for; <see cref="Length"/> when every query asks for the same.</summary>
    public int ShortestLength { get; init; } = Length;

    /// <summary>Whether each query draws its length (a range), rather than asking for <see cref="Length"/>.</summary>
    public bool IsRange => ShortestLength != Length;

    /// <summary>The length one query asks for, drawn from the task's own <paramref name="random"/> when the shape is a range.</summary>
    public int DrawLength(Random random) => IsRange ? random.Next(ShortestLength, Length + 1) : Length;

    /// <summary>The <c>$top</c> of the next page of a query that wants <paramref name="wanted"/> entities when <paramref name="returned"/> came already.</summary>
    public int NextTop(int wanted, int returned) => Math.Min(PageSize, wanted - returned);

    /// <summary>The length as <c>--query-length</c> takes it and run.json records it: <c>10</c>, or <c>1..100</c>.</summary>
    public string LengthText => IsRange ? FormattableString.Invariant($"{ShortestLength}..{Length}") : FormattableString.Invariant($"{Length}");

    /// <summary>Reads <c>--query-length</c>, a length (<c>10</c>) or a range of them (<c>1..100</c>); false with the one sentence that refuses it.</summary>
    public static bool TryParseLength(string? text, int pageSize, out QueryShape shape, out string fault)
    {
        shape = Default with { PageSize = pageSize };
        var given = text?.Trim() ?? "";
        var range = given.Split("..");
        var bounds = $"between 1 and {MaxLength} entities";
        if (range.Length is not (1 or 2) || !range.All(IsLength))
        {
            fault = range.Length == 1 && int.TryParse(given, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var number)
                ? $"--query-length must be {bounds}, not {number}."
                : $"--query-length must be a length {bounds}, or a range of them such as 1..100, not '{text}'.";
            return false;
        }

        var shortest = int.Parse(range[0], CultureInfo.InvariantCulture);
        var longest = int.Parse(range[^1], CultureInfo.InvariantCulture);
        fault = shortest <= longest ? "" : $"--query-length {given} starts above where it ends: write the shorter length first, as in 1..100.";
        shape = new QueryShape(longest, pageSize) { ShortestLength = shortest };
        return fault.Length == 0;
    }

    private static bool IsLength(string text) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var length) && length is >= 1 and <= MaxLength;
}
