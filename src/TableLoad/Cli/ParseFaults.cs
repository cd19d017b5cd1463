using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// System.CommandLine's parse errors said in TableLoad's words, one sentence each: a value of the wrong kind names
/// its option and the kind wanted (not a .NET type), and an unknown option is one sentence with the option it
/// most likely meant, its value (the next word) not refused again.
/// </summary>
internal static class ParseFaults
{
    /// <summary>One sentence for each fault of <paramref name="parse"/>, each pointing to <paramref name="help"/>.</summary>
    public static IEnumerable<string> Sentences(ParseResult parse, string help)
    {
        var unmatched = parse.UnmatchedTokens;
        var said = new List<string>();
        for (var i = 0; i < unmatched.Count; i++)
        {
            var token = unmatched[i];
            if (token.StartsWith('-'))
            {
                said.Add(Closest(token, parse.CommandResult.Command) is { } meant
                    ? $"Unknown option '{token}' (did you mean {meant}?); see '{help}'."
                    : $"Unknown option '{token}'; see '{help}'.");
                // The word after an unknown option is its value, not a fault of its own.
                i += i + 1 < unmatched.Count && !unmatched[i + 1].StartsWith('-') ? 1 : 0;
            }
            else
            {
                said.Add($"Unexpected argument '{token}'; see '{help}'.");
            }
        }

        // The parser's own sentence for each unmatched token is replaced by the ones above.
        var others = parse.Errors.Where(e => !unmatched.Any(t => e.Message.Contains($"'{t}'", StringComparison.Ordinal)));
        return said.Concat(others.Select(e => $"{(ValueFault(e) ?? e.Message).TrimEnd('.')}; see '{help}'.")).Distinct();
    }

    /// <summary>"--tasks 'zero' is not a whole number" for a value the option's type cannot take; null for any other error.</summary>
    public static string? ValueFault(ParseError error)
    {
        for (var result = error.SymbolResult; result is not null; result = result.Parent)
        {
            if (result is OptionResult option)
            {
                return option.Tokens.FirstOrDefault(t => !Takes(option.Option, t.Value)) is { } token && OptionLayers.KindOf(option.Option) is var kind
                    ? $"{option.Option.Name} '{token.Value}' is not {kind}"
                    : null;
            }
        }

        return null;
    }

    private static bool Takes(Option option, string text)
    {
        var type = Nullable.GetUnderlyingType(option.ValueType) ?? option.ValueType;
        return type == typeof(int) ? int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out _)
            : type == typeof(long) ? long.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out _)
            : type == typeof(double) ? double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out _)
            : type == typeof(RateTarget) ? RateTarget.TryParse(text, out _)
            : type != typeof(bool) || bool.TryParse(text, out _);
    }

    /// <summary>The visible option of <paramref name="command"/> nearest to <paramref name="typed"/>: one it begins or ends, or a couple of letters away.</summary>
    private static string? Closest(string typed, Command command)
    {
        var names = command.Options.Concat(command.Parents.OfType<Command>().SelectMany(p => p.Options.Where(o => o.Recursive)))
            .Where(o => !o.Hidden)
            .SelectMany(o => o.Aliases.Prepend(o.Name))
            .Distinct()
            .Select(name => (Name: name, Distance: Distance(typed, name)))
            .Where(c => c.Distance <= Math.Max(1, typed.Length / 4) || (typed.Length > 3 && c.Name.StartsWith(typed, StringComparison.Ordinal)))
            .OrderBy(c => c.Distance)
            .ToList();
        return names.Count > 0 ? names[0].Name : null;
    }

    private static int Distance(string a, string b)
    {
        var row = Enumerable.Range(0, b.Length + 1).ToArray();
        for (var i = 1; i <= a.Length; i++)
        {
            var diagonal = row[0];
            row[0] = i;
            for (var j = 1; j <= b.Length; j++)
            {
                var above = row[j];
                row[j] = Math.Min(Math.Min(row[j] + 1, row[j - 1] + 1), diagonal + (a[i - 1] == b[j - 1] ? 0 : 1));
                diagonal = above;
            }
        }

        return row[b.Length];
    }
}
