using System.Text.RegularExpressions;
using TableLoad.Engine;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// A switch over one of TableLoad's enums names every member and has no default arm or label, so a new member is
/// decided about wherever it matters. The compiler holds switch expressions to it (CS8509, an error in the build,
/// which PlantedEnumMemberTests plants a member to see); switch statements it does not check, so this test does.
/// </summary>
public sealed partial class EnumSwitchTests
{
    [Fact]
    public void SwitchStatements_OverTableLoadEnums_NameEveryMemberAndHaveNoDefault()
    {
        var faults = SourceFiles().SelectMany(f => StatementFaults(File.ReadAllText(f), Path.GetRelativePath(SourceRoot(), f))).ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void SwitchExpressions_OverTableLoadEnums_HaveNoDiscardArm()
    {
        var faults = SourceFiles().SelectMany(f => ExpressionFaults(File.ReadAllText(f), Path.GetRelativePath(SourceRoot(), f))).ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void Conditionals_OnAMemberOfATwoMemberEnum_AreSwitches()
    {
        // A conditional on "kind == BatchClientKind.Sdk" names one member and gives the other the rest: a third member
        // would silently take the rest's branch, where a switch expression fails the build.
        var faults = SourceFiles().SelectMany(f => ConditionalFaults(File.ReadAllText(f), Path.GetRelativePath(SourceRoot(), f))).ToList();

        Assert.Empty(faults);
    }

    [Fact]
    public void Faults_OfPlantedConditionals_AreFound()
    {
        const string source = """
            var name = kind == BatchClientKind.Sdk ? "sdk" : "wire";
            var other = BatchClientKind.Wire != kind ? 1 : 2;
            var fine = outcome == BatchOutcome.Succeeded ? 1 : 0;
            var checkedOnce = kind == BatchClientKind.Sdk && diagnostics;
            """;

        var faults = ConditionalFaults(source, "planted.cs");

        Assert.Equal(
            ["planted.cs: a conditional chooses by BatchClientKind.Sdk, one of two members: use a switch", "planted.cs: a conditional chooses by BatchClientKind.Wire, one of two members: use a switch"],
            faults);
    }

    [Fact]
    public void Faults_OfPlantedSwitches_AreFound()
    {
        const string source = """
            switch (code) { case ThrottleCode.ServerBusy: Count("}"); break; default: break; }
            switch (kind) { case RequestKind.Batch: case RequestKind.Insert: break; }
            var s = $"{(a ? "{" : "b")}";
            var name = verdict switch { ProbeVerdict.Meets => "meets", _ => "other" };
            """;

        var statements = StatementFaults(source, "planted.cs");
        var expressions = ExpressionFaults(source, "planted.cs");

        Assert.Equal(3, statements.Count);
        Assert.Contains(statements, f => f.Contains("default", StringComparison.Ordinal) && f.Contains("ThrottleCode", StringComparison.Ordinal));
        Assert.Contains(statements, f => f.Contains("ThrottleCode.OperationTimedOut", StringComparison.Ordinal));
        Assert.Contains(statements, f => f.Contains("RequestKind.Other", StringComparison.Ordinal));
        Assert.Equal("planted.cs: a switch over ProbeVerdict has a discard arm", Assert.Single(expressions));
    }

    private static List<string> ConditionalFaults(string source, string file) =>
        [.. from Match m in EnumConditional().Matches(CodeOnly.Of(source))
            let name = m.Groups[1].Success ? m.Groups[1].Value : m.Groups[3].Value
            let member = m.Groups[1].Success ? m.Groups[2].Value : m.Groups[4].Value
            where ProgramEnums.TryGetValue(name, out var type) && Enum.GetNames(type).Length == 2 && Enum.GetNames(type).Contains(member)
            select $"{file}: a conditional chooses by {name}.{member}, one of two members: use a switch"];

    private static List<string> StatementFaults(string source, string file)
    {
        var faults = new List<string>();
        foreach (var body in Switches(CodeOnly.Of(source), statements: true))
        {
            var labels = Labels(body);
            var named = labels.SelectMany(MembersNamed).ToList();
            foreach (var type in named.Select(m => m.Enum).Distinct())
            {
                var missing = Enum.GetNames(type).Except(named.Where(m => m.Enum == type).Select(m => m.Member)).Select(m => $"{type.Name}.{m}").ToList();
                if (missing.Count > 0)
                {
                    faults.Add($"{file}: a switch over {type.Name} does not name {string.Join(", ", missing)}");
                }

                if (labels.Contains("default"))
                {
                    faults.Add($"{file}: a switch over {type.Name} has a default label");
                }
            }
        }

        return faults;
    }

    private static List<string> ExpressionFaults(string source, string file) =>
        [.. from body in Switches(CodeOnly.Of(source), statements: false)
            let patterns = TopLevel(body, ',').Select(arm => arm.Split("=>")[0].Trim()).ToList()
            from type in patterns.SelectMany(MembersNamed).Select(m => m.Enum).Distinct()
            where patterns.Any(p => p == "_" || p.StartsWith("_ when", StringComparison.Ordinal))
            select $"{file}: a switch over {type.Name} has a discard arm"];

    /// <summary>The inside of each switch statement's block or switch expression's braces.</summary>
    private static IEnumerable<string> Switches(string code, bool statements)
    {
        foreach (Match keyword in SwitchKeyword().Matches(code))
        {
            var at = keyword.Index + keyword.Length;
            var isStatement = code[at] == '(';
            if (isStatement != statements)
            {
                continue;
            }

            var open = code.IndexOf('{', isStatement ? Close(code, at) : at);
            yield return code[(open + 1)..(Close(code, open) - 1)];
        }
    }

    // Statements: each label's text ("default" or the pattern after "case"), at the block's own level.
    private static List<string> Labels(string body) =>
        [.. TopLevel(body, ';', ':')
            .Select(part => LabelStart().Match(part))
            .Where(m => m.Success)
            .Select(m => m.Groups[1].Value.Length == 0 ? "default" : m.Groups[1].Value)];

    /// <summary>The text split at <paramref name="separators"/> where they stand outside any brackets.</summary>
    private static IEnumerable<string> TopLevel(string body, params char[] separators)
    {
        var depth = 0;
        var start = 0;
        for (var i = 0; i < body.Length; i++)
        {
            depth += body[i] switch { '(' or '[' or '{' => 1, ')' or ']' or '}' => -1, _ => 0 };
            if (depth == 0 && separators.Contains(body[i]) && !(body[i] == ':' && (At(body, i + 1) == ':' || At(body, i - 1) == ':')))
            {
                yield return body[start..i];
                start = i + 1;
            }
        }

        yield return body[start..];
    }

    private static char At(string s, int i) => i >= 0 && i < s.Length ? s[i] : '\0';

    /// <summary>
    /// The members a pattern matches the switched value against: not those in its guard or in a property pattern,
    /// which belong to a switch over something else (<c>case { Verdict: ProbeVerdict.Throttled }</c>).
    /// </summary>
    private static IEnumerable<(Type Enum, string Member)> MembersNamed(string pattern) =>
        from Match m in MemberName().Matches(PropertyPattern().Replace(Guard().Split(pattern)[0], " "))
        where ProgramEnums.TryGetValue(m.Groups[1].Value, out var type) && Enum.GetNames(type).Contains(m.Groups[2].Value)
        select (ProgramEnums[m.Groups[1].Value], m.Groups[2].Value);

    // The index just past the bracket that closes the one at open.
    private static int Close(string code, int open)
    {
        var depth = 0;
        for (var i = open; i < code.Length; i++)
        {
            depth += code[i] switch { '(' or '[' or '{' => 1, ')' or ']' or '}' => -1, _ => 0 };
            if (depth == 0)
            {
                return i + 1;
            }
        }

        throw new FormatException($"No closing bracket for the one at {open}.");
    }

    private static readonly Dictionary<string, Type> ProgramEnums = typeof(RunCoordinator).Assembly.GetTypes()
        .Where(t => t.IsEnum && t.Namespace?.StartsWith("TableLoad", StringComparison.Ordinal) == true)
        .ToDictionary(t => t.Name);

    private static IEnumerable<string> SourceFiles() =>
        Directory.EnumerateFiles(SourceRoot(), "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    private static string SourceRoot([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "src", "TableLoad"));

    // "x == E.M ?" or "E.M != x ?": an equality with an enum member that decides a conditional expression.
    [GeneratedRegex(@"(?:[!=]=\s*(\w+)\.(\w+)\s*\?(?![?.]))|(?:\b(\w+)\.(\w+)\s*[!=]=\s*[\w.]+\s*\?(?![?.]))")]
    private static partial Regex EnumConditional();

    [GeneratedRegex(@"\bswitch\s*(?=[({])")]
    private static partial Regex SwitchKeyword();

    [GeneratedRegex(@"^\s*(?:case\s+(.*)|default\s*)$", RegexOptions.Singleline)]
    private static partial Regex LabelStart();

    [GeneratedRegex(@"\b([A-Z]\w*)\.([A-Z]\w*)\b")]
    private static partial Regex MemberName();

    [GeneratedRegex(@"\bwhen\b")]
    private static partial Regex Guard();

    // A property pattern's braces hold no nested braces in TableLoad's code.
    [GeneratedRegex(@"\{[^{}]*\}")]
    private static partial Regex PropertyPattern();
}
