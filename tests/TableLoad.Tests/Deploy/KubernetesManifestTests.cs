using System.CommandLine;
using System.Text.RegularExpressions;
using TableLoad.Cli;
using YamlDotNet.RepresentationModel;

namespace TableLoad.Tests.Deploy;

/// <summary>The Kubernetes manifest's command line is one TableLoad accepts, so the manifest cannot rot.</summary>
public sealed class KubernetesManifestTests
{
    private static readonly string ManifestPath = Path.Combine(RepoRoot(), "deploy", "kubernetes", "tableload-job.yaml");

    [Fact]
    public void ContainerArgs_WithTheJobsVariablesFilledIn_AreAcceptedByTheRunCommand()
    {
        var container = Container();
        var env = Environment(container);
        var args = Sequence(container, "args").Select(a => Substitute(a, env, index: "2")).ToArray();

        Assert.Equal("run", args[0]);
        var options = new RunOptions();
        var command = options.CreateCommand();

        var parse = command.Parse(args[1..]);
        Assert.Empty(parse.Errors);
        var settings = RunSettingsFactory.Create(parse, options, DateTimeOffset.Parse("2026-11-21T09:59:00Z"), _ => "UseDevelopmentStorage=true");
        Assert.Equal(2, settings.Instance);
        Assert.Equal(env["RUN_ID"], settings.RunId);
        Assert.True(settings.SharedRun);
        Assert.Equal($"/results/{env["RUN_ID"]}/instance-2", settings.OutputDirectory);
    }

    [Fact]
    public void Job_IsIndexed_WithOnePodPerInstance()
    {
        var spec = Map(Root(), "spec");

        Assert.Equal("Indexed", Scalar(spec, "completionMode"));
        Assert.Equal(Scalar(spec, "completions"), Scalar(spec, "parallelism"));
    }

    [Fact]
    public void ConnectionString_ComesFromASecret_IntoTheEnvironment_NeverTheArgs()
    {
        var container = Container();
        var variable = SequenceNodes(container, "env").Cast<YamlMappingNode>()
            .Single(e => Scalar(e, "name") == RunOptions.ConnectionStringVariable);

        Assert.True(variable.Children.ContainsKey("valueFrom"));
        Assert.DoesNotContain(Sequence(container, "args"), a => a.Contains("connection-string", StringComparison.OrdinalIgnoreCase) || a.Contains("AccountKey", StringComparison.Ordinal));
    }

    private static YamlMappingNode Root()
    {
        var stream = new YamlStream();
        using var reader = new StreamReader(ManifestPath);
        stream.Load(reader);
        return (YamlMappingNode)stream.Documents[0].RootNode;
    }

    internal static YamlMappingNode Container() =>
        (YamlMappingNode)((YamlSequenceNode)Map(Map(Map(Map(Root(), "spec"), "template"), "spec"), "containers")).Children[0];

    internal static YamlNode Map(YamlNode node, string key) => ((YamlMappingNode)node).Children[new YamlScalarNode(key)];

    internal static string? Scalar(YamlNode node, string key) => ((YamlScalarNode)((YamlMappingNode)node).Children[new YamlScalarNode(key)]).Value;

    private static List<YamlNode> SequenceNodes(YamlMappingNode node, string key) => ((YamlSequenceNode)node.Children[new YamlScalarNode(key)]).Children.ToList();

    internal static IEnumerable<string> Sequence(YamlMappingNode node, string key) =>
        SequenceNodes(node, key).OfType<YamlScalarNode>().Select(s => s.Value!);

    private static Dictionary<string, string> Environment(YamlMappingNode container) =>
        SequenceNodes(container, "env").Cast<YamlMappingNode>()
            .Where(e => e.Children.ContainsKey("value"))
            .ToDictionary(e => Scalar(e, "name")!, e => Scalar(e, "value")!);

    /// <summary>Kubernetes' $(VAR) expansion, with the index the Job controller sets.</summary>
    private static string Substitute(string arg, Dictionary<string, string> env, string index) =>
        Regex.Replace(arg, @"\$\(([A-Z_]+)\)", m => m.Groups[1].Value == "JOB_COMPLETION_INDEX" ? index : env[m.Groups[1].Value]);

    internal static string RepoRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "TableLoad.sln")))
        {
            dir = dir.Parent;
        }

        return dir?.FullName ?? throw new InvalidOperationException("TableLoad.sln not found above the test binaries.");
    }
}
