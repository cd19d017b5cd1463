using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Docs;

/// <summary>
/// A connection string the docs give for this machine (in a block marked runnable: local or validate) is one TableLoad
/// takes as it stands: scripts/docs-check.sh fills in `AccountKey=...`, the reader who copies it does not.
/// </summary>
public sealed partial class DocConnectionStringsTests
{
    [Fact]
    public async Task EveryLocalConnectionStringOfTheDocs_PassesValidation_AndStopsOnlyAtTheClosedPort()
    {
        var root = AzuriteFixture.FindRepoRoot();
        var documents = Directory.GetFiles(Path.Combine(root, "docs"), "*.md").Append(Path.Combine(root, "README.md"));
        var found = documents.SelectMany(doc => LocalBlocks(File.ReadAllText(doc)).SelectMany(block => ConnectionString().Matches(block))
            .Select(match => (Doc: Path.GetFileName(doc), Text: match.Value))).Distinct().ToList();
        Assert.Contains(found, f => f.Doc == "stages.md");

        var closed = ClosedPort();
        foreach (var (doc, text) in found)
        {
            var connectionString = Port().Replace(text, closed.ToString(CultureInfo.InvariantCulture));
            var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["run", "--duration", "1s", "--warmup", "0s"], connectionString);

            // Exit 3: past TableLoad's validation, stopped at the first request; 2 would be the reader's command refused.
            Assert.True(exitCode == 3, $"{doc}: {text} exited {exitCode}: {stderr}");
        }
    }

    private static IEnumerable<string> LocalBlocks(string markdown) =>
        LocalBlock().Matches(markdown).Select(match => match.Groups["body"].Value);

    private static int ClosedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    [GeneratedRegex(@"<!-- runnable: (?:local|validate)\b[^>]*-->\s*```(?:bash|sh)\n(?<body>.*?)```", RegexOptions.Singleline)]
    private static partial Regex LocalBlock();

    [GeneratedRegex(@"(?:DefaultEndpointsProtocol|UseDevelopmentStorage)=[^""'\s]+")]
    private static partial Regex ConnectionString();

    [GeneratedRegex(@"(?<=127\.0\.0\.1:)\d+")]
    private static partial Regex Port();
}
