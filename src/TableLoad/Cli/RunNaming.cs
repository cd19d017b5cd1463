using System.Globalization;
using System.Text.RegularExpressions;

namespace TableLoad.Cli;

/// <summary>
/// A run's names: its id, its table and its result folder. A run's own id and table share a random
/// part, so two runs started in the same second never share a table; a distributed run's instances
/// share the id they are given, and with it one table.
/// </summary>
internal static partial class RunNaming
{
    /// <summary>The run id to use: the one given, else the UTC start time and a random part.</summary>
    public static (string RunId, string TableStem) Create(DateTimeOffset now, string? givenRunId)
    {
        var unique = Convert.ToHexStringLower(BitConverter.GetBytes(Random.Shared.Next()))[..4];
        var runId = givenRunId ?? now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture) + "-" + unique;
        var table = givenRunId is null
            ? "tableload" + now.UtcDateTime.ToString("yyyyMMddHHmmss", CultureInfo.InvariantCulture) + unique
            : TableNameFor(givenRunId);
        return (runId, table);
    }

    /// <summary>results/&lt;run id&gt;, and below it instance-&lt;n&gt; when the instance was given.</summary>
    public static string DefaultOutput(string runId, int? givenInstance) => givenInstance is { } instance
        ? Path.Combine("results", runId, string.Create(CultureInfo.InvariantCulture, $"instance-{instance}"))
        : Path.Combine("results", runId);

    /// <summary>The table every instance of a distributed run shares: "tl" and the run id's letters and digits.</summary>
    public static string TableNameFor(string runId)
    {
        var name = "tl" + new string(runId.Where(char.IsAsciiLetterOrDigit).ToArray());
        return name.Length > 63 ? name[..63] : name.PadRight(3, '0');
    }

    public static bool IsRunId(string text) => RunIdPattern().IsMatch(text);

    /// <summary>The service's rule for table names, and "tables", which it reserves.</summary>
    public static bool IsTableName(string text) => TableNamePattern().IsMatch(text) && !text.Equals("tables", StringComparison.OrdinalIgnoreCase);

    [GeneratedRegex("^[A-Za-z0-9_-]{1,40}$")]
    private static partial Regex RunIdPattern();

    [GeneratedRegex("^[A-Za-z][A-Za-z0-9]{2,62}$")]
    private static partial Regex TableNamePattern();
}
