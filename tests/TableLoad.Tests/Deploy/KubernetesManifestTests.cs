using System.Globalization;
using System.Text.RegularExpressions;
using TableLoad.Cli;
using TableLoad.Settings;
using YamlDotNet.RepresentationModel;

namespace TableLoad.Tests.Deploy;

/// <summary>The Kubernetes manifest's command line is one TableLoad accepts, so the manifest cannot rot.</summary>
public sealed class KubernetesManifestTests
{
    private static readonly string ManifestPath = Path.Combine(RepoRoot(), "deploy", "kubernetes", "tableload-job.yaml");
    private static readonly string ReportManifestPath = Path.Combine(RepoRoot(), "deploy", "kubernetes", "tableload-report.yaml");

    // What the secret holds in a real cluster: an account that is not on the pod's machine.
    private const string RemoteConnectionString = "DefaultEndpointsProtocol=https;AccountName=myaccount;AccountKey=a2V5LW5vdC11c2Vk;EndpointSuffix=core.windows.net";

    [Fact]
    public void ContainerArgs_WithTheJobsVariablesFilledIn_PassTheRemoteAccountGuard()
    {
        var container = Container();
        var env = Environment(container);
        var args = Sequence(container, "args").Select(a => Substitute(a, env, index: "2")).ToArray();

        Assert.Equal("run", args[0]);
        var options = new RunOptions();
        var command = options.CreateCommand();

        // Parse and validate only: TableLoad's own refusals all happen here, before any request.
        var parse = command.Parse(args[1..]);
        Assert.Empty(parse.Errors);
        var settings = RunSettingsFactory.Create(parse, options, DateTimeOffset.Parse("2026-11-21T09:59:00Z", CultureInfo.InvariantCulture),
            name => name == SecretVariables.ConnectionString ? RemoteConnectionString : null);
        Assert.False(settings.Target.IsLoopback);
        Assert.Equal(env["ACCOUNT"], settings.Target.AccountName);
        Assert.Equal(2, settings.Instance);
        Assert.Equal(env["RUN_ID"], settings.RunId);
        Assert.True(settings.SharedRun);
        Assert.Equal($"/results/{env["RUN_ID"]}/instance-2", settings.OutputDirectory);
    }

    [Fact]
    public void ResultsClaim_TheJobMounts_IsDefinedInTheManifest_ForManyWriters()
    {
        var claimName = ClaimName(PodSpec(Job()));

        var claim = Documents(ManifestPath).Single(d => Scalar(d, "kind") == "PersistentVolumeClaim");

        Assert.Equal(claimName, Scalar(Map(claim, "metadata"), "name"));
        Assert.Contains("ReadWriteMany", ((YamlSequenceNode)Map(Map(claim, "spec"), "accessModes")).Children.Select(n => ((YamlScalarNode)n).Value));
    }

    [Fact]
    public void ReportJob_MountsTheSameClaim_AndReportsTheRunOfTheLoadJob()
    {
        var report = Documents(ReportManifestPath).Single();
        var container = (YamlMappingNode)((YamlSequenceNode)Map(PodSpec(report), "containers")).Children[0];

        Assert.Equal(ClaimName(PodSpec(Job())), ClaimName(PodSpec(report)));
        Assert.Equal(Environment(Container())["RUN_ID"], Environment(container)["RUN_ID"]);
        Assert.Contains("/app/tableload.dll report", Sequence(container, "args").Single(), StringComparison.Ordinal);
    }

    [Fact]
    public void Job_IsIndexed_WithOnePodPerInstance()
    {
        var spec = Map(Job(), "spec");

        Assert.Equal("Indexed", Scalar(spec, "completionMode"));
        Assert.Equal(Scalar(spec, "completions"), Scalar(spec, "parallelism"));
    }

    [Fact]
    public void ConnectionString_ComesFromASecret_IntoTheEnvironment_NeverTheArgs()
    {
        var container = Container();
        var variable = SequenceNodes(container, "env").Cast<YamlMappingNode>()
            .Single(e => Scalar(e, "name") == SecretVariables.ConnectionString);

        Assert.True(variable.Children.ContainsKey("valueFrom"));
        Assert.DoesNotContain(Sequence(container, "args"), a => a.Contains("connection-string", StringComparison.OrdinalIgnoreCase) || a.Contains("AccountKey", StringComparison.Ordinal));
    }

    [Fact]
    public void TheJobsMemoryLimit_HoldsItsRun_OnANodeWithAsManyCoresAsTableLoadUsesGcHeaps()
    {
        var container = Container();
        var env = Environment(container);
        var args = Sequence(container, "args").Select(a => Substitute(a, env, index: "0")).ToArray();
        var options = new RunOptions();
        var settings = RunSettingsFactory.Create(options.CreateCommand().Parse(args[1..]), options, DateTimeOffset.Parse("2026-11-21T09:59:00Z", CultureInfo.InvariantCulture),
            name => name == SecretVariables.ConnectionString ? RemoteConnectionString : null);

        // The runtime gives the GC heap 75% of a container's memory limit; a many-core node gives TableLoad its most heaps.
        var limit = Scalar(Map(Map(container, "resources"), "limits"), "memory")!;
        var gigabytes = long.Parse(Regex.Match(limit, "^([0-9]+)Gi$").Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
        var heapLimitBytes = gigabytes * 1024 * 1024 * 1024 * 3 / 4;

        Assert.Null(TableLoad.Engine.MemoryBudget.Warning(settings, RuntimeProfiles.MaxHeaps, heapLimitBytes));
    }

    private static List<YamlMappingNode> Documents(string path)
    {
        var stream = new YamlStream();
        using var reader = new StreamReader(path);
        stream.Load(reader);
        return stream.Documents.Select(d => (YamlMappingNode)d.RootNode).ToList();
    }

    private static YamlMappingNode Job() => Documents(ManifestPath).Single(d => Scalar(d, "kind") == "Job");

    private static YamlNode PodSpec(YamlMappingNode job) => Map(Map(Map(job, "spec"), "template"), "spec");

    private static string? ClaimName(YamlNode podSpec) =>
        Scalar(Map(((YamlSequenceNode)Map(podSpec, "volumes")).Children[0], "persistentVolumeClaim"), "claimName");

    internal static YamlMappingNode Container() =>
        (YamlMappingNode)((YamlSequenceNode)Map(PodSpec(Job()), "containers")).Children[0];

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
