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
    public void CompiledTypes_OnlyUseTheLayersBelowThem()
    {
        var violations = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var type in ProgramTypes())
        {
            var from = Layer(type.Namespace);
            if (from is null)
            {
                continue;
            }

            foreach (var used in TypeReferences.Of(type))
            {
                var to = Layer(used.Namespace);
                if (to is not null && to != from && !Allowed[from].Contains(to))
                {
                    violations.Add($"{from} → {to}: {Outer(type).FullName} uses {used.FullName}");
                }
            }
        }

        Assert.True(violations.Count == 0, string.Join(Environment.NewLine, violations));
    }

    [Fact]
    public void Sources_OnlyImportTheLayersBelowThem()
    {
        var violations = new List<string>();
        foreach (var file in Directory.EnumerateFiles(SourceRoot(), "*.cs", SearchOption.AllDirectories).Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)))
        {
            var lines = File.ReadAllLines(file);
            var from = lines.Select(l => l.StartsWith("namespace TableLoad.", StringComparison.Ordinal) ? Layer(l["namespace ".Length..].TrimEnd(';')) : null).FirstOrDefault(l => l is not null);
            if (from is null)
            {
                continue;
            }

            foreach (var line in lines.Where(l => l.StartsWith("using TableLoad.", StringComparison.Ordinal)))
            {
                var to = Layer(line["using ".Length..].TrimEnd(';'));
                if (to is not null && to != from && !Allowed[from].Contains(to))
                {
                    violations.Add($"{from} → {to}: {Path.GetRelativePath(SourceRoot(), file)}: {line}");
                }
            }
        }

        Assert.True(violations.Count == 0, string.Join(Environment.NewLine, violations));
    }

    [Fact]
    public void TheCheck_SeesAReferenceInAMethodBody()
    {
        // Proof that the compiled check reads method bodies: RunCoordinator names RunTable nowhere in its
        // signature, and the check must still find what its body (an async method's state machine) constructs.
        var coordinator = typeof(RunCoordinator);
        var used = coordinator.GetNestedTypes(BindingFlags.NonPublic).Append(coordinator).SelectMany(TypeReferences.Of).Select(t => t.Name).ToHashSet();
        Assert.Contains("RunTable", used);
    }

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

    private static string SourceRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "src", "TableLoad"));
}
