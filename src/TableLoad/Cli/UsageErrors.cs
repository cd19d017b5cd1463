using System.CommandLine;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// Every fault of a command's options, gathered in one pass so that all are said at once. Checks of one
/// option against another run only on options that were not refused, so a fault is never said twice.
/// </summary>
internal sealed class UsageErrors
{
    private readonly List<string> _sentences = [];
    private readonly HashSet<string> _refused = new(StringComparer.Ordinal);

    /// <summary>Lists <paramref name="sentence"/> unless <paramref name="condition"/> holds; returns the condition.</summary>
    public bool Require(bool condition, string sentence)
    {
        if (!condition)
        {
            _sentences.Add(sentence);
        }

        return condition;
    }

    /// <summary>As <see cref="Require(bool, string)"/>, and marks <paramref name="option"/> refused for the checks that need it.</summary>
    public bool Require(Option option, bool condition, string sentence)
    {
        if (!Require(condition, sentence))
        {
            _refused.Add(option.Name);
        }

        return condition;
    }

    /// <summary>What <paramref name="check"/> makes, or null with its fault listed: for checks that throw at their first fault.</summary>
    public T? Try<T>(Func<T> check)
        where T : class?
    {
        try
        {
            return check();
        }
        catch (UsageException fault)
        {
            _sentences.Add(fault.Message);
            return null;
        }
    }

    /// <summary>True when none of <paramref name="options"/> was refused, so a check across them can run.</summary>
    public bool Accepted(params Option[] options) => options.All(o => !_refused.Contains(o.Name));

    public bool Any => _sentences.Count > 0;

    /// <summary>One line per fault, in the order the options were judged.</summary>
    public void ThrowIfAny()
    {
        if (_sentences.Count > 0)
        {
            throw new UsageException(string.Join(Environment.NewLine, _sentences));
        }
    }
}
