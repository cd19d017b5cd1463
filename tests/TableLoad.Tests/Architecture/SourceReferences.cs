using System.Text.RegularExpressions;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// The layers one source file names: its using directives (plain, static, aliased, global) and the names it writes
/// in full in code, such as <c>Storage.Wire.WireBatchClient.ServiceVersion</c>. A constant is copied into the code
/// that uses it, so the compiled check cannot see one; only the source shows it.
/// </summary>
internal static partial class SourceReferences
{
    /// <summary>The file's own layer and each (layer, what) it names; <paramref name="isProgramType"/> tells a type's full name from any other.</summary>
    public static (string? Layer, IReadOnlyList<(string Layer, string What)> Named) Of(string source, IReadOnlySet<string> layers, Func<string, bool> isProgramType)
    {
        var code = Strip(source);
        var own = NamespaceLine().Match(code) is { Success: true } ns ? ns.Groups[1].Value : null;
        var named = new List<(string, string)>();
        foreach (Match directive in UsingDirective().Matches(code))
        {
            named.Add((directive.Groups[1].Value, directive.Value.Trim()));
        }

        foreach (Match name in QualifiedName().Matches(code))
        {
            var layer = name.Groups[1].Value;
            var parts = name.Groups[2].Value.Split('.');
            // Storage.Wire.WireBatchClient.ServiceVersion names a type at some prefix; Settings.Tasks (a property) names none.
            if (layers.Contains(layer) && Enumerable.Range(1, parts.Length).Any(n => isProgramType($"TableLoad.{layer}.{string.Join('.', parts[..n])}")))
            {
                named.Add((layer, name.Value));
            }
        }

        return (own, named);
    }

    /// <summary>Each using directive or name written in code that starts with <paramref name="ns"/> (System.CommandLine), comments and strings aside.</summary>
    public static IEnumerable<string> NamesOf(string source, string ns) =>
        Regex.Matches(Strip(source), $@"^\s*(?:global\s+)?using\s[^;]*\b{Regex.Escape(ns)}\b[^;]*;|(?<![\w.])(?:global::)?{Regex.Escape(ns)}(?:\.\w+)*", RegexOptions.Multiline)
            .Select(m => m.Value.Trim());

    // Comments and string literals name nothing the compiler resolves.
    private static string Strip(string source) => Literal().Replace(source, " ");

    [GeneratedRegex("\"\"\"[\\s\\S]*?\"\"\"|//[^\\n]*|/\\*[\\s\\S]*?\\*/|@\"(?:[^\"]|\"\")*\"|\\$?\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\])'")]
    private static partial Regex Literal();

    [GeneratedRegex(@"^\s*namespace\s+TableLoad\.(\w+)", RegexOptions.Multiline)]
    private static partial Regex NamespaceLine();

    [GeneratedRegex(@"^\s*(?:global\s+)?using\s+(?:static\s+)?(?:\w+\s*=\s*)?(?:global::)?TableLoad\.(\w+)[^;]*;", RegexOptions.Multiline)]
    private static partial Regex UsingDirective();

    [GeneratedRegex(@"(?<![\w.:])(?:global::)?(?:TableLoad\.)?([A-Z]\w*)\.([A-Z]\w*(?:\.[A-Z]\w*)*)")]
    private static partial Regex QualifiedName();
}
