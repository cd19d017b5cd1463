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
