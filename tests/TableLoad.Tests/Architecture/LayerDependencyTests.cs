using TableLoad.Engine;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// Dependencies go one way: Cli → Hosting → Tune → Engine/Sweep/Proxy, Sweep → Rounds (tune's and sweep's close calls) → ChildRuns (below Sweep, Tune and Rounds) → Reporting/Telemetry/Resilience →
/// Measurement → Settings → Storage → Workload. Checked twice: on the compiled types (signatures, method
/// bodies and attributes, so a fully qualified name cannot slip past) and on the sources' using directives
/// and names written in full (constants are copied into the code that uses them, so only the sources show those).
/// </summary>
public sealed class LayerDependencyTests
{
    private static readonly Dictionary<string, string[]> Allowed = new()
    {
        ["Cli"] = ["Hosting", "Service", "Tune", "Rounds", "Engine", "Sweep", "ChildRuns", "Proxy", "Reporting", "Telemetry", "Resilience", "Measurement", "Settings", "Storage", "Workload"],
        ["Hosting"] = ["Service", "Tune", "Rounds", "Engine", "Sweep", "ChildRuns", "Proxy", "Reporting", "Telemetry", "Measurement", "Settings", "Storage", "Workload"],
        ["Tune"] = ["Sweep", "Rounds", "ChildRuns", "Reporting", "Measurement", "Settings", "Storage", "Workload"],
        ["Rounds"] = ["ChildRuns", "Reporting", "Measurement", "Settings", "Storage", "Workload"],
        ["Engine"] = ["Service", "Reporting", "Telemetry", "Resilience", "Measurement", "Settings", "Storage", "Workload"],
        ["Sweep"] = ["Rounds", "ChildRuns", "Reporting", "Measurement", "Settings", "Storage", "Workload"],
        ["Service"] = ["Reporting", "Measurement", "Settings", "Storage", "Workload"],
        ["ChildRuns"] = ["Reporting", "Measurement", "Settings", "Storage", "Workload"],
        ["Proxy"] = ["Settings", "Storage"],
        ["Reporting"] = ["Measurement", "Settings", "Storage", "Workload"],
        ["Telemetry"] = ["Measurement", "Settings", "Storage"],
        ["Resilience"] = ["Measurement", "Storage"],
        ["Measurement"] = ["Settings", "Storage", "Workload"],
        ["Settings"] = ["Storage", "Workload"],
        ["Storage"] = ["Workload"],
        ["Workload"] = [],
    };

    [Fact]
    public void EveryNamespaceOfTheProgram_HasALayer()
    {
        var unplaced = ProgramTypes().Select(t => Layer(t.Namespace)).Where(l => l is not null && !Allowed.ContainsKey(l)).Distinct();
        Assert.Empty(unplaced);
    }

    [Fact]
    public void CompiledTypes_OnlyUseTheLayersBelowThem() =>
        AssertOneWay(
            from type in ProgramTypes()
            from used in TypeReferences.Of(type)
            select (Layer(type.Namespace), Layer(used.Namespace), $"{Outer(type).FullName} uses {used.FullName}"));

    [Fact]
    public void Sources_OnlyNameTheLayersBelowThem() =>
        AssertOneWay(
            from file in SourceFiles()
            from edge in SourceEdges(File.ReadAllText(file), Path.GetRelativePath(SourceRoot(), file))
            select edge);

    /// <summary>
    /// The command line is one layer's business: only Cli (and Program) name System.CommandLine. The one exception records
    /// its version in run.json, as it records Polly's and Azure's: it names a type to reach the assembly and calls nothing of it.
    /// </summary>
    private static readonly (string File, string Type, string Uses) CommandLineVersionRecorded =
        (Path.Combine("Reporting", "RunEnvironment.cs"), "TableLoad.Reporting.RunEnvironment", "System.CommandLine.RootCommand");

    [Fact]
    public void CompiledTypes_OutsideCli_DoNotUseSystemCommandLine()
    {
        var named =
            from type in ProgramTypes()
            where Layer(Outer(type).Namespace) != "Cli"
            from used in TypeReferences.Of(type)
            where used.Namespace?.StartsWith(CommandLine, StringComparison.Ordinal) == true
                && (Outer(type).FullName, used.FullName) != (CommandLineVersionRecorded.Type, CommandLineVersionRecorded.Uses)
            select $"{Outer(type).FullName} uses {used.FullName ?? used.Name}";

        Assert.True(!named.Any(), string.Join(Environment.NewLine, named.Distinct().Order(StringComparer.Ordinal)));
    }

    [Fact]
    public void Sources_OutsideCli_DoNotNameSystemCommandLine()
    {
        var named =
            from file in SourceFiles()
            let relative = Path.GetRelativePath(SourceRoot(), file)
            where relative != "Program.cs" && !relative.StartsWith("Cli" + Path.DirectorySeparatorChar, StringComparison.Ordinal)
            from what in SourceReferences.NamesOf(File.ReadAllText(file), CommandLine)
            where (relative, what) != (CommandLineVersionRecorded.File, CommandLineVersionRecorded.Uses)
            select $"{relative}: {what}";

        Assert.True(!named.Any(), string.Join(Environment.NewLine, named.Order(StringComparer.Ordinal)));
    }

    [Theory]
    [InlineData("using System.CommandLine;\n\nnamespace TableLoad.Settings;\ninternal static class Planted { }", "using System.CommandLine;")]
    [InlineData("namespace TableLoad.Measurement;\ninternal static class Planted { static System.CommandLine.Option? O; }", "System.CommandLine.Option")]
    [InlineData("global using Cmd = global::System.CommandLine;\nnamespace TableLoad.Tune;\n", "global using Cmd = global::System.CommandLine;")]
    public void SystemCommandLineNamedInASource_IsSeen(string source, string expected) =>
        Assert.Contains(expected, SourceReferences.NamesOf(source, CommandLine));

    [Fact]
    public void SystemCommandLineInACommentOrString_IsNotSeen() =>
        Assert.Empty(SourceReferences.NamesOf("namespace TableLoad.Settings;\n// System.CommandLine parses\ninternal static class Planted { const string S = \"System.CommandLine\"; }", CommandLine));

    [Fact]
    public void TheSourceCheck_SeesAConstantNamedInFull()
    {
        // Proxy → Storage is allowed; what matters is that the edge is seen at all.
        var throttleAnswer = File.ReadAllText(Path.Combine(SourceRoot(), "Proxy", "ThrottleAnswer.cs"));
        Assert.Contains(SourceEdges(throttleAnswer, "ThrottleAnswer.cs"), e => e.To == "Storage" && e.Where.Contains("Storage.Wire.WireBatchClient.ServiceVersion", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("namespace TableLoad.Storage;\ninternal static class Planted { public const int Most = TableLoad.Cli.RunSettingsFactory.MaxTableOperations; }", "Storage → Cli")]
    [InlineData("namespace TableLoad.Storage;\ninternal static class Planted { public const int Most = Cli.RunSettingsFactory.MaxTableOperations; }", "Storage → Cli")]
    [InlineData("using static TableLoad.Cli.RunSettingsFactory;\n\nnamespace TableLoad.Workload;\ninternal static class Planted { }", "Workload → Cli")]
    [InlineData("using Factory = TableLoad.Engine.RunCoordinator;\n\nnamespace TableLoad.Measurement;\ninternal static class Planted { }", "Measurement → Engine")]
    [InlineData("namespace TableLoad.Settings;\n[System.ComponentModel.TypeConverter(typeof(global::TableLoad.Hosting.CommandHost))]\ninternal sealed class Planted { }", "Settings → Hosting")]
    public void APlantedUpwardReference_FailsTheSourceCheck(string source, string expected)
    {
        var violations = Violations(SourceEdges(source, "Planted.cs"));

        Assert.Contains(violations, v => v.StartsWith(expected, StringComparison.Ordinal));
    }

    [Fact]
    public void NamesInCommentsStringsAndPropertyPaths_AreNoEdges()
    {
        const string source = "namespace TableLoad.Storage;\n// Cli.RunSettingsFactory.MaxTableOperations\ninternal static class Planted { static string S = \"Engine.RunCoordinator\"; static int T(Holder h) => h.Settings.Tasks + Settings.Tasks; }";

        Assert.Empty(Violations(SourceEdges(source, "Planted.cs")));
    }

    [Fact]
    public void TheCompiledCheck_SeesATypeNamedOnlyInAnAttribute() =>
        Assert.Contains(typeof(Math), TypeReferences.Of(typeof(AttributeOnly)));

    /// <summary>
    /// docs/architecture.md draws the layers as a tree; every dependency the table allows points deeper into it,
    /// so the picture readers see (Hosting between Cli and the commands included) is the one this test enforces.
    /// </summary>
    [Fact]
    public void TheArchitectureDocsTree_PlacesEveryLayerAboveTheLayersItMayUse()
    {
        var depth = DocsTreeDepths();

        Assert.Equal(Allowed.Keys.Order(StringComparer.Ordinal), depth.Keys.Order(StringComparer.Ordinal));
        var upward = Allowed.SelectMany(a => a.Value.Where(to => depth[to] <= depth[a.Key]).Select(to => $"{a.Key} → {to}")).ToList();
        Assert.True(upward.Count == 0, "allowed but not below in docs/architecture.md: " + string.Join(", ", upward));
        Assert.True(depth["Cli"] < depth["Hosting"] && depth["Hosting"] < depth["Engine"], "Hosting stands between Cli and the commands");
    }

    [Fact]
    public void TheCompiledCheck_SeesATypeUsedOnlyInAMethodBody() =>
        Assert.Contains(typeof(Math), TypeReferences.Of(typeof(BodyOnly)));

    private const string CommandLine = "System.CommandLine";

    private static void AssertOneWay(IEnumerable<(string? From, string? To, string Where)> edges)
    {
        var violations = Violations(edges);
        Assert.True(violations.Count == 0, string.Join(Environment.NewLine, violations));
    }

    private static List<string> Violations(IEnumerable<(string? From, string? To, string Where)> edges) =>
        edges
            .Where(e => e.From is not null && e.To is not null && e.From != e.To && !Allowed[e.From].Contains(e.To))
            .Select(e => $"{e.From} → {e.To}: {e.Where}")
            .Distinct()
            .Order(StringComparer.Ordinal)
            .ToList();

    private static readonly HashSet<string> ProgramTypeNames = ProgramTypes().Select(t => t.FullName!.Replace('+', '.')).ToHashSet(StringComparer.Ordinal);

    private static IEnumerable<(string? From, string? To, string Where)> SourceEdges(string source, string file)
    {
        var (layer, named) = SourceReferences.Of(source, Allowed.Keys.ToHashSet(StringComparer.Ordinal), ProgramTypeNames.Contains);
        return named.Select(n => ((string?)layer, (string?)n.Layer, $"{file}: {n.What}"));
    }

    /// <summary>Each layer's depth in docs/architecture.md's tree: the column its name starts at.</summary>
    private static Dictionary<string, int> DocsTreeDepths()
    {
        var docs = File.ReadAllLines(Path.Combine(SourceRoot(), "..", "..", "docs", "architecture.md"));
        var depths = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var line in docs.SkipWhile(l => !l.StartsWith("Program.cs", StringComparison.Ordinal)).Skip(1).TakeWhile(l => l != "```"))
        {
            var match = System.Text.RegularExpressions.Regex.Match(line, @"[└├]─ (\w+)");
            if (match.Success)
            {
                depths[match.Groups[1].Value] = match.Groups[1].Index;
            }
        }

        return depths;
    }

    private static IEnumerable<string> SourceFiles() =>
        Directory.EnumerateFiles(SourceRoot(), "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    /// <summary>The layer a namespace belongs to: its second part (TableLoad.Engine.Fleet is Engine); null for the root.</summary>
    private static string? Layer(string? ns)
    {
        if (ns is null || !ns.StartsWith("TableLoad.", StringComparison.Ordinal))
        {
            return null;
        }

        return ns.Split('.')[1];
    }

    private static IEnumerable<Type> ProgramTypes() =>
        typeof(RunCoordinator).Assembly.GetTypes().Where(t => t.Namespace?.StartsWith("TableLoad", StringComparison.Ordinal) == true);

    private static Type Outer(Type type) => type.DeclaringType is { } outer ? Outer(outer) : type;

    // Names System.Math in an attribute alone: no member or method body mentions it.
    [System.ComponentModel.TypeConverter(typeof(Math))]
    private sealed class AttributeOnly;

    // Names System.Math in its body alone: no field, parameter or return type mentions it.
    private static class BodyOnly
    {
        public static int Run(int value) => Math.Abs(value);
    }

    private static string SourceRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "src", "TableLoad"));
}
