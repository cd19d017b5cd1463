using System.Diagnostics;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Build;

/// <summary>
/// A copy of the program's sources in a temporary folder, with the repository's build settings above them as the
/// real tree has them, to plant something in and build.
/// </summary>
internal sealed class ProgramCopy : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(8);
    private static readonly string[] BuildSettings = ["Directory.Build.props", "Directory.Packages.props", "global.json", ".editorconfig"];
    private readonly string _work = Directory.CreateTempSubdirectory("tableload-planted-").FullName;

    public ProgramCopy()
    {
        var root = AzuriteFixture.FindRepoRoot();
        foreach (var file in BuildSettings.Where(f => File.Exists(Path.Combine(root, f))))
        {
            File.Copy(Path.Combine(root, file), Path.Combine(_work, file));
        }

        var source = Path.Combine(root, "src", "TableLoad");
        foreach (var file in Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(source, file);
            if (relative.Split(Path.DirectorySeparatorChar)[0] is "bin" or "obj")
            {
                continue;
            }

            var target = Path.Combine(Project, relative);
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(file, target);
        }
    }

    /// <summary>The copy's src/TableLoad.</summary>
    public string Project => Path.Combine(_work, "src", "TableLoad");

    /// <summary>Adds <paramref name="member"/> as the last member of the enum <paramref name="type"/> declared in <paramref name="file"/>.</summary>
    public void PlantMember(string file, string type, string member)
    {
        var path = Path.Combine(Project, file);
        var text = File.ReadAllText(path);
        var declaration = text.IndexOf($"enum {type}", StringComparison.Ordinal);
        Assert.True(declaration >= 0, $"{file} declares no enum {type}.");
        var end = text.IndexOf("\n}", declaration, StringComparison.Ordinal);
        File.WriteAllText(path, text[..end] + $"\n\n    {member}," + text[end..]);
    }

    public void PlantFile(string file, string text) => File.WriteAllText(Path.Combine(Project, file), text);

    /// <summary>Builds the copy as the repository builds, analyzers and all.</summary>
    public async Task<(int ExitCode, string Output)> BuildAsync()
    {
        var info = new ProcessStartInfo("dotnet") { WorkingDirectory = _work };
        foreach (var arg in new[] { "build", Project, "-c", "Release", "--nologo", "-v", "quiet", "-clp:NoSummary" })
        {
            info.ArgumentList.Add(arg);
        }

        var (exitCode, stdout, stderr) = await ChildProcess.RunAsync(info, Limit);
        return (exitCode, stdout + stderr);
    }

    public void Dispose() => Directory.Delete(_work, recursive: true);
}
