using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--verbosity changes what goes to stderr, never the results on stdout.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class VerbosityTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-verbosity-").FullName;

    [Fact]
    public async Task EachLevel_PrintsTheSameResults_AndSaysMoreOnStderrOnlyAsAsked()
    {
        var runs = new Dictionary<string, (int ExitCode, string Stdout, string Stderr)>();
        string[] levels = ["quiet", "normal", "detailed"];
        foreach (var level in levels)
        {
            // Folders named by number: the results line names the folder, and only digits differ then.
            runs[level] = await TableLoadProcess.RunAsync(
                ["run", "--verbosity", level, "--tasks", "1", "--batches", "3", "--warmup", "0s", "--verify", "--output", Path.Combine(_output, $"{Array.IndexOf(levels, level)}")],
                azurite.ConnectionString);
            Assert.True(runs[level].ExitCode == 0, runs[level].Stderr);
        }

        // The same lines on stdout, run ids and figures aside.
        Assert.Equal(Shape(runs["normal"].Stdout), Shape(runs["quiet"].Stdout));
        Assert.Equal(Shape(runs["normal"].Stdout), Shape(runs["detailed"].Stdout));
        Assert.Contains("stored 300 entities: matches", runs["quiet"].Stdout, StringComparison.Ordinal);

        Assert.Equal(string.Empty, runs["quiet"].Stderr);
        Assert.DoesNotContain("settings in effect", runs["normal"].Stderr, StringComparison.Ordinal);
        var detailed = runs["detailed"].Stderr;
        Assert.Contains("settings in effect", detailed, StringComparison.Ordinal);
        Assert.Contains("\"tasks\": 1", detailed, StringComparison.Ordinal);
        Assert.Contains("phase run: ", detailed, StringComparison.Ordinal);
        Assert.DoesNotContain(AzuriteFixture.AccountKey, detailed, StringComparison.Ordinal);
        Assert.DoesNotContain("Hosting", detailed, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Quiet_StillSaysWhyARunFailed()
    {
        var unreachable = azurite.ConnectionString.Replace($":{azurite.Port}/", ":9/", StringComparison.Ordinal);

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["run", "--verbosity", "quiet", "--timeout", "2s"], unreachable);

        Assert.Equal(3, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Contains("127.0.0.1:9", Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
    }

    // Figures, ids and the padding and rules whose width follows the figures aside: the words and columns stay.
    private static string[] Shape(string stdout) =>
        stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries)
            .Select(line => new string(line.Where(c => !(char.IsAsciiHexDigit(c) || char.IsWhiteSpace(c) || c == '-')).ToArray()))
            .ToArray();

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
