using System.CommandLine;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// A command line with a profile's and the environment's values folded in, and where each of those
/// values came from (<c>--config p.json</c>, <c>$TABLELOAD_TASKS</c>), so that a refusal names it.
/// </summary>
internal sealed record LayeredParse(ParseResult Parse, IReadOnlyDictionary<string, string> SourceOf)
{
    /// <summary>What <paramref name="create"/> makes; a refusal's sentences about a value from a layer say where it came from.</summary>
    /// <exception cref="UsageException">The settings are refused.</exception>
    public T Judged<T>(Func<ParseResult, T> create)
    {
        try
        {
            return create(Parse);
        }
        catch (UsageException refusal) when (SourceOf.Count > 0)
        {
            throw new UsageException(string.Join(Environment.NewLine, refusal.Message.Split(Environment.NewLine).Select(Sourced)));
        }
    }

    // A refusal of one option's value starts with the option's name ("--tasks must be ...", "--duration 'soon' is ...", "--stages' stage 1 ...").
    private string Sourced(string sentence) =>
        SourceOf.FirstOrDefault(s => sentence.StartsWith(s.Key + " ", StringComparison.Ordinal) || sentence.StartsWith(s.Key + "'", StringComparison.Ordinal)) is { Key: not null } source
            ? $"{sentence.TrimEnd('.')} (from {source.Value})."
            : sentence;
}
