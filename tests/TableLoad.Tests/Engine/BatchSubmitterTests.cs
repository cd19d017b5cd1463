using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Tests.Engine;

/// <summary>Which outcomes are settled by reading the batch back, because the answer may hide a commit.</summary>
public sealed class BatchSubmitterTests
{
    [Theory]
    [InlineData("insert", "ClientTimeout", 1, null, true)]
    [InlineData("insert", "NetworkFailure", 1, null, true)]
    [InlineData("insert", "Rejected", 2, "EntityAlreadyExists", true)]
    [InlineData("insert", "Rejected", 1, "EntityAlreadyExists", false)]
    [InlineData("insert", "Rejected", 3, "InvalidInput", false)]
    [InlineData("insert", "ServerBusy", 4, "ServerBusy", false)]
    [InlineData("insert", "Succeeded", 1, null, false)]
    [InlineData("upsert-replace", "ServerBusy", 3, null, false)]
    // A retried delete whose keys are gone: an earlier attempt may have deleted them.
    [InlineData("delete", "NotFound", 2, "ResourceNotFound", true)]
    [InlineData("delete", "NotFound", 1, "ResourceNotFound", false)]
    [InlineData("delete", "Rejected", 2, "EntityAlreadyExists", false)]
    public void NeedsReadBack_OnlyWhenTheAnswerMayHideACommit(string operation, string outcome, int attempts, string? code, bool expected)
    {
        Assert.True(TableOperationNames.TryParse(operation, out var parsed));
        Assert.Equal(expected, BatchSubmitter.NeedsReadBack(new BatchResult(Enum.Parse<BatchOutcome>(outcome), null, code, 0, attempts), parsed));
    }

    [Fact]
    public void BatchIdentity_RowKey_IsTheStemAndAThreeDigitIndex() =>
        Assert.Equal("tl-000-000-0001-0000000042-007", new BatchIdentity("tl", "tl-000-000-0001-0000000042-", "n").RowKey(7));
}
