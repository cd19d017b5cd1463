using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--batch-size refused as a user meets it now that it takes none: one sentence naming none, exit code 2, and not one connection to the target.</summary>
public sealed class SingleWriteRefusalTests
{
    [Theory]
    [InlineData("--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 0.", "--batch-size", "0")]
    [InlineData("--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 101.", "--batch-size", "101")]
    [InlineData("--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 'all'.", "--batch-size", "all")]
    [InlineData("--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 'none,10'.", "--batch-size", "none,10")]
    public Task BadBatchSize_OneSentenceNamingNone_ExitTwo_NoRequest(string sentence, params string[] options) => RefusedRun.AssertRefusedAsync(sentence, options);
}
