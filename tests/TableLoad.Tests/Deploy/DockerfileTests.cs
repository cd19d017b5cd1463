using System.Text.Json;
using System.Text.RegularExpressions;
using System.Xml.Linq;

namespace TableLoad.Tests.Deploy;

/// <summary>
/// The Dockerfile cannot be built on the test machines (no container engine); this keeps it honest
/// instead: it publishes the project that makes <c>tableload</c>, to where the Job's command looks, and
/// it is tagged as the Job names it.
/// </summary>
public sealed class DockerfileTests
{
    private static readonly string Root = KubernetesManifestTests.RepoRoot();
    private static readonly string[] Lines = File.ReadAllLines(Path.Combine(Root, "deploy", "docker", "Dockerfile"));

    [Fact]
    public void Publish_BuildsTheTableLoadProject_InRelease_IntoTheFolderTheEntrypointRuns()
    {
        var publish = Regex.Match(Instruction("RUN", "dotnet publish"), @"dotnet publish (?<project>\S+) .*-c Release .*-o (?<output>\S+)");
        Assert.True(publish.Success, "no 'dotnet publish <project> -c Release ... -o <folder>' line");

        var project = XDocument.Load(Path.Combine(Root, publish.Groups["project"].Value));
        var assembly = project.Descendants("AssemblyName").Single().Value;
        var entrypoint = JsonSerializer.Deserialize<string[]>(Instruction("ENTRYPOINT", ""))!;
        Assert.Equal(["dotnet", $"{publish.Groups["output"].Value}/{assembly}.dll"], entrypoint);
    }

    [Fact]
    public void Entrypoint_IsTheJobsCommand()
    {
        var entrypoint = JsonSerializer.Deserialize<string[]>(Instruction("ENTRYPOINT", ""))!;

        Assert.Equal(KubernetesManifestTests.Sequence(KubernetesManifestTests.Container(), "command"), entrypoint);
    }

    [Fact]
    public void BuildCommand_TagsTheImageTheJobNames_AtTheProjectsVersion()
    {
        var image = KubernetesManifestTests.Scalar(KubernetesManifestTests.Container(), "image")!;
        var version = XDocument.Load(Path.Combine(Root, "src", "TableLoad", "TableLoad.csproj")).Descendants("Version").Single().Value;

        Assert.EndsWith(":" + version, image, StringComparison.Ordinal);
        Assert.Contains(Lines, l => l.Contains($"docker build -f deploy/docker/Dockerfile -t {image} .", StringComparison.Ordinal));
    }

    [Fact]
    public void EveryCopiedPath_ExistsInTheRepository()
    {
        var sources = Lines.Where(l => l.StartsWith("COPY ", StringComparison.Ordinal) && !l.Contains("--from", StringComparison.Ordinal))
            .SelectMany(l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1..^1]).ToList();

        Assert.NotEmpty(sources);
        Assert.All(sources, s => Assert.True(File.Exists(Path.Combine(Root, s)) || Directory.Exists(Path.Combine(Root, s)), s));
    }

    [Fact]
    public void BuildContext_LeavesTheCheckoutsBuildOutputOut()
    {
        var ignored = File.ReadAllLines(Path.Combine(Root, "deploy", "docker", "Dockerfile.dockerignore"));

        Assert.Contains("**/bin", ignored);
        Assert.Contains("**/obj", ignored);
    }

    private static string Instruction(string keyword, string containing) =>
        Lines.Single(l => l.StartsWith(keyword + " ", StringComparison.Ordinal) && l.Contains(containing, StringComparison.Ordinal))[(keyword.Length + 1)..];
}
