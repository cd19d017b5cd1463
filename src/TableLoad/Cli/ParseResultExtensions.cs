using System.CommandLine;
using System.CommandLine.Parsing;

namespace TableLoad.Cli;

internal static class ParseResultExtensions
{
    /// <summary>Whether <paramref name="option"/> was given (on the command line or from a layer), not left at its default.</summary>
    public static bool IsGiven(this ParseResult parse, Option option) => parse.GetResult(option) is OptionResult { Implicit: false };
}
