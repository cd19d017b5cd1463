using System.Reflection;
using TableLoad.Engine;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// Dependencies go one way: Cli → Hosting → Engine/Sweep/Proxy → Reporting/Telemetry/Resilience →
/// Measurement → Settings → Storage → Workload. Checked twice: on the compiled types (signatures and
/// method bodies, so a fully qualified name cannot slip past) and on the sources' using directives
/// (constants are copied into the code that uses them, so only the sources show those).
/// </summary>
public sealed class LayerDependencyTests
{
    private static readonly Dictionary<string, string[]> Allowed = new()
    {
        ["Cli"] = ["Hosting", "Engine", "Sweep", "Proxy", "Reporting", "Telemetry", "Resilience", "Measurement", "Settings", "Storage", "Workload"],
        ["Hosting"] = ["Engine", "Sweep", "Proxy", "Reporting", "Telemetry", "Measurement", "Settings", "Storage", "Workload"],
        ["Engine"] = ["Reporting", "Telemetry", "Resilience", "Measurement", "Settings", "Storage", "Workload"],
        ["Sweep"] = ["Reporting", "Measurement", "Settings", "Storage", "Workload"],
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
    public void Sources_OnlyImportTheLayersBelowThem() =>
        AssertOneWay(
            from file in SourceFiles()
            let lines = File.ReadAllLines(file)
            let layer = lines.Where(l => l.StartsWith("namespace TableLoad.", StringComparison.Ordinal)).Select(l => Layer(l["namespace ".Length..].TrimEnd(';'))).FirstOrDefault()
            from line in lines.Where(l => l.StartsWith("using TableLoad.", StringComparison.Ordinal))
            select (layer, Layer(line["using ".Length..].TrimEnd(';')), $"{Path.GetRelativePath(SourceRoot(), file)}: {line}"));

    [Fact]
    public void TheCompiledCheck_SeesATypeUsedOnlyInAMethodBody() =>
        Assert.Contains(typeof(Math), TypeReferences.Of(typeof(BodyOnly)));

    private static void AssertOneWay(IEnumerable<(string? From, string? To, string Where)> edges)
    {
        var violations = edges
            .Where(e => e.From is not null && e.To is not null && e.From != e.To && !Allowed[e.From].Contains(e.To))
            .Select(e => $"{e.From} → {e.To}: {e.Where}")
            .Distinct()
            .Order(StringComparer.Ordinal)
            .ToList();
        Assert.True(violations.Count == 0, string.Join(Environment.NewLine, violations));
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

    // Names System.Math in its body alone: no field, parameter or return type mentions it.
    private static class BodyOnly
    {
        public static int Run(int value) => Math.Abs(value);
    }

    private static string SourceRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "src", "TableLoad"));
}
