namespace TableLoad.Settings;

/// <summary>Refusing bad input before any request: one sentence for each fault.</summary>
internal static class Usage
{
    public static void Require(bool condition, string sentence)
    {
        if (!condition)
        {
            throw new UsageException(sentence);
        }
    }
}

/// <summary>The faults of options that can each be judged alone, gathered so that all are said at once.</summary>
internal sealed class UsageErrors
{
    private readonly List<string> _sentences = [];

    public void Require(bool condition, string sentence)
    {
        if (!condition)
        {
            _sentences.Add(sentence);
        }
    }

    /// <summary>One line per fault, in the order the options were judged.</summary>
    public void ThrowIfAny()
    {
        if (_sentences.Count > 0)
        {
            throw new UsageException(string.Join(Environment.NewLine, _sentences));
        }
    }
}
