using TableLoad.Measurement;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Measurement;

public sealed class OutcomeTableTests
{
    [Fact]
    public void Rows_AreEveryOutcomeOnce_InTheEnumsOrder() =>
        Assert.Equal(Enum.GetValues<BatchOutcome>(), OutcomeTable.Rows.Select(r => r.Outcome));

    [Theory]
    [InlineData(nameof(BatchOutcome.Succeeded), "succeeded")]
    [InlineData(nameof(BatchOutcome.OperationTimedOut), "operation_timed_out")]
    [InlineData(nameof(BatchOutcome.NetworkFailure), "network_failure")]
    [InlineData(nameof(BatchOutcome.Abandoned), "abandoned")]
    [InlineData(nameof(BatchOutcome.Conflict), "conflict")]
    public void Name_IsTheEnumNameInSnakeCase(string outcome, string name) => Assert.Equal(name, Enum.Parse<BatchOutcome>(outcome).ToSnakeCase());

    [Fact]
    public void Classes_ThrottlesAreTransient_AndOnlySucceededIsNoFailure()
    {
        Assert.Equal([BatchOutcome.ServerBusy, BatchOutcome.OperationTimedOut, BatchOutcome.TooManyRequests], OutcomeTable.Rows.Where(r => r.Throttle).Select(r => r.Outcome));
        Assert.Equal([.. OutcomeTable.Rows.Where(r => r.Throttle).Select(r => r.Outcome), BatchOutcome.ClientTimeout], OutcomeTable.Rows.Where(r => r.Transient).Select(r => r.Outcome));
        Assert.Equal([BatchOutcome.Succeeded], OutcomeTable.Rows.Where(r => !r.Failure).Select(r => r.Outcome));
    }

    [Fact]
    public void Conflict_IsTheLastRow_SoEveryColumnOrderBeforeItHolds() =>
        Assert.Equal((BatchOutcome.Conflict, BatchOutcome.NotFound), (OutcomeTable.Rows[^1].Outcome, OutcomeTable.Rows[^2].Outcome));

    [Fact]
    public void Doc_BatchesCsvOutcomeRow_NamesEveryOutcome_InOrder()
    {
        var row = Assert.Single(ResultsDoc.Rows("batches.csv"), r => r.Names.SequenceEqual(["outcome"]));

        Assert.Equal(OutcomeTable.Rows.Select(r => r.Name), row.Mentioned.Take(OutcomeTable.Count));
    }
}
