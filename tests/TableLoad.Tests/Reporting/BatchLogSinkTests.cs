using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Cli;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting;

public sealed class BatchLogWriterTests
{
    private static BatchRecord Record(string partitionKey = "tl", BatchResult? result = null, bool warmup = false) => new(
        Process: 1,
        Task: 3,
        PartitionKey: partitionKey,
        StartMicros: 1_234_567,
        LatencyMicros: 45_678,
        Entities: 100,
        Result: result ?? new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1),
        Warmup: warmup);

    private static IReadOnlyDictionary<string, string> Cells(in BatchRecord record) =>
        CsvLine.ByColumn(BatchLogSink.Header, BatchLogSink.Format(record));

    [Fact]
    public void TryFormat_BufferTooSmall_SaysSoInsteadOfCuttingTheRow()
    {
        var record = Record(partitionKey: new string('p', 300));
        var full = BatchLogSink.Format(record);

        Assert.False(BatchLogSink.TryFormat(record, new char[full.Length - 1], out _));
        Assert.True(BatchLogSink.TryFormat(record, new char[full.Length], out var length));
        Assert.Equal(full.Length, length);
    }

    [Fact]
    public void Format_RowLongerThanTheUsualBuffer_IsWrittenWhole()
    {
        // Longer than any valid key, so that the row outgrows the writer's first buffer.
        var partitionKey = new string('k', 3000) + ",\"quoted\"";

        var cells = Cells(Record(partitionKey));

        Assert.Equal(partitionKey, cells["partition_key"]);
        Assert.Equal("100", cells["entities"]);
    }

    [Fact]
    public void Header_MatchesTheDocumentedColumns() =>
        Assert.Equal(BatchLogSink.Header, string.Join(',', ResultsDoc.FieldNames("batches.csv")));

    [Fact]
    public void Format_CommaDecimalCulture_WritesInvariantNumbers()
    {
        using var culture = new CultureScope("de-DE");

        var cells = Cells(Record());

        Assert.Equal("1234.567", cells["start_ms"]);
        Assert.Equal("45.678", cells["latency_ms"]);
    }

    [Fact]
    public void Format_SucceededBatch_WritesEveryColumn()
    {
        var cells = Cells(Record());

        Assert.Equal("1", cells["process"]);
        Assert.Equal("3", cells["task"]);
        Assert.Equal("tl", cells["partition_key"]);
        Assert.Equal("100", cells["entities"]);
        Assert.Equal("1", cells["attempts"]);
        Assert.Equal("succeeded", cells["outcome"]);
        Assert.Equal("202", cells["http_status"]);
        Assert.Equal("", cells["error_code"]);
        Assert.Equal("", cells["failed_index"]);
        Assert.Equal("false", cells["warmup"]);
    }

    [Fact]
    public void Format_AnsweredRequest_WritesBothIds_TheServiceLogJoinsOnTheClients()
    {
        var result = new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1) { RequestId = "service-id", ClientRequestId = "client-id" };

        var cells = Cells(Record(result: result));

        Assert.Equal(("service-id", "client-id"), (cells["request_id"], cells["client_request_id"]));
    }

    [Fact]
    public void Format_FailedWarmupBatch_WritesStatusCodeIndexAndWarmup()
    {
        var cells = Cells(Record(result: new BatchResult(BatchOutcome.Rejected, 409, "EntityAlreadyExists", 3, 2), warmup: true));

        Assert.Equal("2", cells["attempts"]);
        Assert.Equal("rejected", cells["outcome"]);
        Assert.Equal("409", cells["http_status"]);
        Assert.Equal("EntityAlreadyExists", cells["error_code"]);
        Assert.Equal("3", cells["failed_index"]);
        Assert.Equal("true", cells["warmup"]);
    }

    [Fact]
    public void Format_NoAnswer_LeavesStatusEmpty()
    {
        var cells = Cells(Record(result: new BatchResult(BatchOutcome.ClientTimeout, null, null, null, 1)));

        Assert.Equal("client_timeout", cells["outcome"]);
        Assert.Equal("", cells["http_status"]);
    }

    [Fact]
    public void Format_ClosedModel_LeavesIntendedStartEmpty() =>
        Assert.Equal("", Cells(Record())["intended_start_ms"]);

    [Fact]
    public void Format_OpenModel_WritesIntendedStartInMilliseconds()
    {
        using var culture = new CultureScope("de-DE");

        var cells = Cells(Record() with { IntendedStartMicros = 1_200_500 });

        Assert.Equal("1200.500", cells["intended_start_ms"]);
    }

    [Theory]
    [InlineData("tl,a", "\"tl,a\"")]
    [InlineData("say \"hi\"", "\"say \"\"hi\"\"\"")]
    [InlineData("two\nlines", "\"two\nlines\"")]
    public void Format_PartitionKeyNeedingQuotes_IsQuotedPerRfc4180(string partitionKey, string expectedCell)
    {
        var line = BatchLogSink.Format(Record(partitionKey));

        Assert.StartsWith($"1,3,{expectedCell},1234.567,", line, StringComparison.Ordinal);
        Assert.Equal(partitionKey, CsvLine.ByColumn(BatchLogSink.Header, line)["partition_key"]);
    }

    [Fact]
    public async Task WriteAllAsync_CommaDecimalCulture_WritesHeaderThenOneLinePerRecord()
    {
        using var culture = new CultureScope("de-DE");
        var path = Path.Combine(Path.GetTempPath(), $"tableload-batches-{Guid.NewGuid():N}.csv");
        try
        {
            var sut = new BatchLogSink(RunOptions.DefaultBatchLogBuffer);
            var writing = sut.WriteAllAsync(path);
            sut.Writer.TryWrite(Record("tl,a"));
            sut.Writer.TryWrite(Record(warmup: true));
            sut.Writer.Complete();
            await writing;

            var lines = await File.ReadAllLinesAsync(path);

            Assert.Equal(3, lines.Length);
            Assert.Equal(BatchLogSink.Header, lines[0]);
            Assert.Equal("tl,a", CsvLine.ByColumn(lines[0], lines[1])["partition_key"]);
            Assert.Equal("1234.567", CsvLine.ByColumn(lines[0], lines[2])["start_ms"]);
            Assert.Equal("true", CsvLine.ByColumn(lines[0], lines[2])["warmup"]);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
