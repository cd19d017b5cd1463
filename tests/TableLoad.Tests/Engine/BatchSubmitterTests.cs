using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Workload;

namespace TableLoad.Tests.Engine;

/// <summary>Which outcomes are settled by reading the batch back, because the answer may hide a commit.</summary>
public sealed class BatchSubmitterTests
{
    [Theory]
    [InlineData("ClientTimeout", 1, null, true)]
    [InlineData("NetworkFailure", 1, null, true)]
    [InlineData("Rejected", 2, "EntityAlreadyExists", true)]
    [InlineData("Rejected", 1, "EntityAlreadyExists", false)]
    [InlineData("Rejected", 3, "InvalidInput", false)]
    [InlineData("ServerBusy", 4, "ServerBusy", false)]
    [InlineData("Succeeded", 1, null, false)]
    public void NeedsReadBack_OnlyWhenTheAnswerMayHideACommit(string outcome, int attempts, string? code, bool expected) =>
        Assert.Equal(expected, BatchSubmitter.NeedsReadBack(new BatchResult(Enum.Parse<BatchOutcome>(outcome), null, code, 0, attempts)));

    [Fact]
    public void BatchIdentity_RowKey_IsTheStemAndAThreeDigitIndex() =>
        Assert.Equal("tl-000-000-0001-0000000042-007", new BatchIdentity("tl", "tl-000-000-0001-0000000042-", "n").RowKey(7));
}
