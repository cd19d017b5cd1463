using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Cli;

/// <summary>
/// A batch's operations are inserts or upserts, so --help says "write" or "operation" where any of them is meant;
/// "insert" stays only where the insert operation itself is named: in --operation, --mix, --key-space, --workload (ycsb-d's and
/// ycsb-e's mixes insert) and --key-distribution (latest reaches a mix's inserted keys).
/// </summary>
public sealed partial class HelpWordsTests
{
    private static readonly string[] TheInsertOperationsOwnOptions = ["--operation", "--mix", "--key-space", "--workload", "--key-distribution"];

    [Theory]
    [InlineData("")]
    [InlineData("run")]
    [InlineData("sweep")]
    [InlineData("tune")]
    [InlineData("report")]
    [InlineData("proxy")]
    public async Task Help_SaysInsertOnlyOfTheInsertOperation(string command)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync([.. command.Split(' ', StringSplitOptions.RemoveEmptyEntries), "--help"], null);

        Assert.Equal((0, ""), (exitCode, stderr));
        var lines = stdout.Split('\n').Where(l => Insert().IsMatch(l) && !TheInsertOperationsOwnOptions.Any(o => l.TrimStart().StartsWith(o + " ", StringComparison.Ordinal)));
        Assert.Empty(lines);
    }

    [GeneratedRegex(@"\binsert", RegexOptions.IgnoreCase)]
    private static partial Regex Insert();
}
