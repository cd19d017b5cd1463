using TableLoad.Settings;
using TableLoad.Storage;
using System.Globalization;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Sweep;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Sweep;

public sealed class SweepCsvTests
{
    private static readonly SweepCell Cell = new(BatchClientKind.Wire, 2, 12, 100, EntityShape.OfSize(1024), "spread:8", CellLoad.Of(RateTarget.Entities(2500.5)), 1);

    private static SweepRow CreateRow(RunSummary summary) => SweepRow.FromSummary(Cell, summary);

    // The fields up to the gates column, which the operations' columns follow.
    private static string UpToGates(string line) => string.Join(',', line.Split(',').Take(SweepCsv.Header.Split(',').ToList().IndexOf("gates") + 1));

    [Fact]
    public void Header_HasTheAgreedColumns()
    {
        Assert.Equal(
            "cell,client,runtime,operation,processes,tasks,batch_size,entity_size,partitions,rate,rate_unit,repeat,min,median,mean,max,p90,p95,p99,p99_ci_low,p99_ci_high,peak_eps," +
            "succeeded,failed,throttled,timeouts,mean_eps,eps_ci_low,eps_ci_high,goodput_mb_s,ru_per_entity,ru_per_second," +
            "throttled_request_units,throttled_account_operations,throttled_account_ingress,throttled_account_egress,throttled_partition_or_unnamed,service_transactions,service_throttled,service_server_latency_ms,service_e2e_latency_ms,client_cpu_s,client_cpu_us_per_entity,saturated,status,gates," +
            "insert_requests,insert_entities,insert_eps,insert_peak_eps,insert_p50_ms,insert_p99_ms,upsert_replace_requests,upsert_replace_entities,upsert_replace_eps,upsert_replace_peak_eps," +
            "upsert_replace_p50_ms,upsert_replace_p99_ms,upsert_merge_requests,upsert_merge_entities,upsert_merge_eps,upsert_merge_peak_eps,upsert_merge_p50_ms,upsert_merge_p99_ms," +
            "read_requests,read_entities,read_eps,read_peak_eps,read_p50_ms,read_p99_ms,query_requests,query_entities,query_eps,query_peak_eps,query_p50_ms,query_p99_ms," +
            "delete_requests,delete_entities,delete_eps,delete_peak_eps,delete_p50_ms,delete_p99_ms," +
            "read_modify_write_requests,read_modify_write_entities,read_modify_write_eps,read_modify_write_peak_eps,read_modify_write_p50_ms,read_modify_write_p99_ms,p999",
            SweepCsv.Header);
    }

    [Fact]
    public void FromSummary_TakesEveryFigureFromSummaryJson()
    {
        var row = CreateRow(CellSummaries.Summary(serverBusy: 4, operationTimedOut: 3, tooManyRequests: 2, clientTimeouts: 1));

        Assert.Equal(8.25, row.Min);
        Assert.Equal(20.5, row.Median);
        Assert.Equal(22.126333333333335, row.Mean);
        Assert.Equal(950.75, row.Max);
        Assert.Equal(48.125, row.P99);
        Assert.Equal(1_200, row.PeakEntitiesPerSecond);
        Assert.Equal(9, row.Throttled);
        Assert.Equal(1, row.Timeouts);
        Assert.Equal(1.75, row.ClientCpuSeconds);
        Assert.Equal(19.4, row.ClientCpuUsPerEntity);
        Assert.False(row.Saturated);
        Assert.Equal(RunStatus.Complete, row.Status);
        Assert.False(row.VerifyMismatch);
    }

    [Fact]
    public void ASampleCell_HasNoEntitySize_AndReadsBackAsTheSample()
    {
        var row = CreateRow(CellSummaries.Summary()) with { Cell = Cell with { Entity = EntityShape.Sample } };

        var line = SweepCsv.Format(row);

        Assert.StartsWith("wire-p2-t12-b100-entity-spread8-rate2500.5-r1,wire,tuned,insert,2,12,100,,spread:8,", line, StringComparison.Ordinal);
        Assert.Equal(row, SweepCsv.TryParse(line));
    }

    [Fact]
    public void ASampleCellOfASweepThatWroteItsSizeAsZero_ReadsBackAsTheSample()
    {
        var sample = CreateRow(CellSummaries.Summary()) with { Cell = Cell with { Entity = EntityShape.Sample } };
        var written = SweepCsv.Format(sample).Replace(",100,,spread:8,", ",100,0,spread:8,", StringComparison.Ordinal);

        Assert.Equal(sample, SweepCsv.TryParse(written));
    }

    [Fact]
    public void SweepJson_WritesASizeAsItsNumber_AndTheSampleAsNull_AndReadsBoth()
    {
        var knobs = new SweepKnobs([BatchClientKind.Sdk], ["tuned"], [1], [4], [100], [EntityShape.OfSize(1024), EntityShape.Sample], ["single"], [null]);
        var options = TableLoad.Reporting.ResultJson.NewOptions();
        options.TypeInfoResolver = new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver();

        var json = System.Text.Json.JsonSerializer.Serialize(knobs, options);

        Assert.Contains("\"entity_size\":[1024,null]", json.Replace(" ", "", StringComparison.Ordinal).Replace("\n", "", StringComparison.Ordinal), StringComparison.Ordinal);
        Assert.Equal(knobs.EntitySizes, System.Text.Json.JsonSerializer.Deserialize<SweepKnobs>(json, options)!.EntitySizes);
    }

    [Theory]
    [InlineData(new[] { "process 0 used 97% of a core" }, true)]
    [InlineData(new string[0], false)]
    public void FromSummary_SaturationReasons_MakeTheCellSaturated(string[] reasons, bool expected)
    {
        Assert.Equal(expected, CreateRow(CellSummaries.Summary(saturationReasons: reasons)).Saturated);
    }

    [Fact]
    public void FromSummary_VerifyMismatch_IsTheStatus()
    {
        var summary = CellSummaries.Summary(stored: new StoredCount(5, 6, Matches: false));

        var row = CreateRow(summary);

        Assert.True(row.VerifyMismatch);
        Assert.Equal("verify_mismatch", row.StatusText);
        Assert.EndsWith(",verify_mismatch,", UpToGates(SweepCsv.Format(row)), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(nameof(RunStatus.Complete), false)]
    [InlineData(nameof(RunStatus.Partial), false)]
    [InlineData(nameof(RunStatus.Complete), true)]
    public void TryParse_ReadsBackTheStatus(string status, bool mismatch)
    {
        var row = CreateRow(CellSummaries.Summary(status: Enum.Parse<RunStatus>(status), stored: mismatch ? new StoredCount(5, 6, Matches: false) : null));

        Assert.Equal(row, SweepCsv.TryParse(SweepCsv.Format(row)));
    }

    [Fact]
    public void Format_CommaDecimalCulture_WritesInvariantNumbers()
    {
        using var culture = new CultureScope("de-DE");
        var summary = CellSummaries.Summary(succeeded: 1_234_500, p99: 1234.5);
        var row = CreateRow(summary with { RequestUnits = summary.RequestUnits! with { PerEntity = 6.25, PerSecondMean = 71_875.5 } });

        var line = SweepCsv.Format(row);

        Assert.Equal(
            "wire-p2-t12-b100-e1024-spread8-rate2500.5-r1,wire,tuned,insert,2,12,100,1024,spread:8,2500.5,eps,1,8.25,20.5,22.126333333333335,950.75,30.5,35.25,1234.5,45.25,52.75,1200," +
            "1234500,1000,9,1,900.1,11010.25,11990.25,0.9216,6.25,71875.5,0,0,0,0,7,,,,,1.75,19.4,false,complete,",
            UpToGates(line));
        Assert.Equal(SweepCsv.Columns.Count, line.Split(',').Length);
    }

    [Fact]
    public void Format_MixCell_WritesEachOperationsFigures_AndReadsThemBack()
    {
        var summary = CellSummaries.Summary();
        var latency = summary.LatencyMs;
        var mix = summary with
        {
            Operations = new Dictionary<string, OperationSummary>
            {
                ["read"] = new(800, 800, 0, 80.5, 95, new Dictionary<string, long> { ["succeeded"] = 800 }, latency with { Median = 1.25, P99 = 7.5 }),
                ["upsert-replace"] = new(20, 2000, 0, 200.25, 300, new Dictionary<string, long> { ["succeeded"] = 20 }, latency with { Median = 9.5, P99 = 40.125 }),
            },
        };

        var row = CreateRow(mix);
        var line = SweepCsv.Format(row);
        var fields = SweepCsv.Header.Split(',').Zip(line.Split(',')).ToDictionary(p => p.First, p => p.Second);

        Assert.Equal(("800", "800", "80.5", "95", "1.25", "7.5"), (fields["read_requests"], fields["read_entities"], fields["read_eps"], fields["read_peak_eps"], fields["read_p50_ms"], fields["read_p99_ms"]));
        Assert.Equal(("20", "2000", "200.25", "40.125"), (fields["upsert_replace_requests"], fields["upsert_replace_entities"], fields["upsert_replace_eps"], fields["upsert_replace_p99_ms"]));
        Assert.Equal("", fields["insert_requests"]);
        Assert.Equal(row, SweepCsv.TryParse(line));
    }

    [Fact]
    public void Format_ACellThatReadTheServicesMetrics_WritesItsFiguresBesideTheClients_AndReadsThemBack()
    {
        var summary = CellSummaries.Summary();
        var service = new ServiceSummary
        {
            Resource = "/subscriptions/s/resourceGroups/g/providers/Microsoft.Storage/storageAccounts/a/tableServices/default",
            Transactions = new Dictionary<string, long> { ["Success"] = 900, ["ServerBusyError"] = 40, ["ClientThrottlingError"] = 2 },
            ServerLatencyMs = new ServiceLatency(12.5, 80),
        };

        var row = CreateRow(summary with { Service = service });
        var line = SweepCsv.Format(row);
        var fields = CsvLine.ByColumn(SweepCsv.Header, line);

        Assert.Equal(("942", "42", "12.5", ""), (fields["service_transactions"], fields["service_throttled"], fields["service_server_latency_ms"], fields["service_e2e_latency_ms"]));
        Assert.Equal(row, SweepCsv.TryParse(line));
        // A cell whose metrics were unavailable has no figures of the service, not zeros.
        Assert.Equal("", CsvLine.ByColumn(SweepCsv.Header, SweepCsv.Format(CreateRow(summary with { Service = service with { Unavailable = "403" } })))["service_transactions"]);
    }

    [Fact]
    public void ACellOfScenarios_WritesEachScenariosFiguresLast_ItsLoadKnobsEmpty_AndReadsThemBackByTheSweepsTable()
    {
        var summary = CellSummaries.Summary();
        var latency = summary.LatencyMs;
        var scenarios = summary with
        {
            Scenarios = new Dictionary<string, OperationSummary>
            {
                ["ingest"] = new(30, 300, 0, 150.5, 200, new Dictionary<string, long> { ["succeeded"] = 30 }, latency with { Median = 9.5, P99 = 40.125 }),
                ["hot-reads"] = new(90, 90, 0, 45.25, 60, new Dictionary<string, long> { ["succeeded"] = 90 }, latency with { Median = 1.25, P99 = 7.5 }),
            },
        };
        var cell = SweepGrid.Expand(new SweepKnobs([BatchClientKind.Sdk], ["tuned"], [2], [12], [100], [EntityShape.OfSize(1024)], ["single"], [null]).OfScenarios(), 1).Single();
        var table = SweepCsv.TableOf(["ingest", "hot-reads"]);
        var layout = CsvLayout<SweepRow>.Standard(table);

        var row = SweepRow.FromSummary(cell, scenarios);
        var line = layout.Format(row);
        var fields = layout.Header.Split(',').Zip(line.Split(',')).ToDictionary(p => p.First, p => p.Second);

        Assert.Equal("sdk-scenarios-p2-r1", fields["cell"]);
        Assert.Equal(("scenarios", "2", "", "", "", "", ""), (fields["operation"], fields["processes"], fields["tasks"], fields["batch_size"], fields["entity_size"], fields["partitions"], fields["rate"]));
        Assert.Equal(SweepCsv.Header + ",ingest_requests,ingest_entities,ingest_eps,ingest_peak_eps,ingest_p50_ms,ingest_p99_ms," +
            "hot_reads_requests,hot_reads_entities,hot_reads_eps,hot_reads_peak_eps,hot_reads_p50_ms,hot_reads_p99_ms", layout.Header);
        Assert.Equal(("30", "300", "150.5", "200", "9.5", "40.125"), (fields["ingest_requests"], fields["ingest_entities"], fields["ingest_eps"], fields["ingest_peak_eps"], fields["ingest_p50_ms"], fields["ingest_p99_ms"]));
        Assert.Equal(("90", "90", "45.25", "60", "1.25", "7.5"), (fields["hot_reads_requests"], fields["hot_reads_entities"], fields["hot_reads_eps"], fields["hot_reads_peak_eps"], fields["hot_reads_p50_ms"], fields["hot_reads_p99_ms"]));
        Assert.Equal(row, CsvLayout<SweepRow>.FromHeader(layout.Header, table).TryParse(line));
        // Requests, not batches: a cell of scenarios has no one batch size.
        Assert.Equal(120, row.Batches);
    }

    [Fact]
    public void ASweepWithoutScenarios_KeepsItsLayout_AndAScenarioNamedLikeAColumnsPrefixIsAClash()
    {
        Assert.Equal(SweepCsv.Header, CsvLayout<SweepRow>.Standard(SweepCsv.TableOf([])).Header);
        Assert.Equal([("peak", "peak_eps")], SweepCsv.Clashes(["ingest", "peak"]));
    }

    [Theory]
    [InlineData(nameof(GateOutcome.Passed), "passed")]
    [InlineData(nameof(GateOutcome.Failed), "failed")]
    [InlineData(nameof(GateOutcome.None), "")]
    public void Gates_FollowTheStatus_AndReadBack(string gates, string text)
    {
        var row = SweepRow.FromSummary(Cell, CellSummaries.Summary(), Enum.Parse<GateOutcome>(gates));

        var line = SweepCsv.Format(row);

        Assert.EndsWith(",complete," + text, UpToGates(line), StringComparison.Ordinal);
        Assert.Equal(row, SweepCsv.TryParse(line));
    }

    [Fact]
    public void Intervals_AreTheCellsOwn_FromSummaryJsonsConfidence()
    {
        var summary = CellSummaries.Summary();

        var fields = CsvLine.ByColumn(SweepCsv.Header, SweepCsv.Format(CreateRow(summary)));

        var confidence = summary.Confidence!;
        Assert.Equal(confidence.MeanEntitiesPerSecond!.Value.Lo.ToString(CultureInfo.InvariantCulture), fields["eps_ci_low"]);
        Assert.Equal(confidence.MeanEntitiesPerSecond!.Value.Hi.ToString(CultureInfo.InvariantCulture), fields["eps_ci_high"]);
        Assert.Equal(confidence.LatencyMs!.P99.Lo.ToString(CultureInfo.InvariantCulture), fields["p99_ci_low"]);
        Assert.Equal(confidence.LatencyMs!.P99.Hi.ToString(CultureInfo.InvariantCulture), fields["p99_ci_high"]);
    }

    [Fact]
    public void Intervals_TooLittleData_AreEmpty_AndReadBackAsNone()
    {
        var row = CreateRow(CellSummaries.Summary() with { Confidence = RunSummaries.TooLittleData });

        var line = SweepCsv.Format(row);

        var fields = CsvLine.ByColumn(SweepCsv.Header, line);
        Assert.All(["eps_ci_low", "eps_ci_high", "p99_ci_low", "p99_ci_high"], c => Assert.Equal("", fields[c]));
        var read = SweepCsv.TryParse(line)!;
        Assert.Equal((null, null), (read.EpsInterval, read.P99Interval));
    }

    [Theory]
    [InlineData("eps_ci_high")]
    [InlineData("eps_ci_low")]
    public void AnIntervalWithOneBoundCleared_ReadsBackAsNone_NotAsABoundOfNaN(string cleared)
    {
        // A spreadsheet's edit may clear one bound of a row: half an interval is none, and the other interval stays whole.
        var row = CreateRow(CellSummaries.Summary());
        var header = SweepCsv.Header.Split(',').ToList();
        var fields = SweepCsv.Format(row).Split(',');
        fields[header.IndexOf(cleared)] = "";

        var read = SweepCsv.TryParse(string.Join(',', fields))!;

        Assert.Null(read.EpsInterval);
        Assert.Equal(row.P99Interval, read.P99Interval);
    }

    [Fact]
    public void AFileWrittenBeforeGatesAndIntervals_ReadsItsRows_WithNoneOfEither()
    {
        var row = CreateRow(CellSummaries.Summary());
        string[] newer = ["gates", "eps_ci_low", "eps_ci_high", "p99_ci_low", "p99_ci_high"];
        var fields = CsvLine.ByColumn(SweepCsv.Header, SweepCsv.Format(row with { Gates = GateOutcome.Failed }));
        var oldColumns = SweepCsv.Columns.Select(c => c.Name).Except(newer).ToList();

        var read = SweepCsv.FromHeader(string.Join(',', oldColumns)).TryParse(string.Join(',', oldColumns.Select(c => fields[c])));

        Assert.Equal(row with { Gates = GateOutcome.None, EpsInterval = null, P99Interval = null }, read);
    }

    [Fact]
    public void Format_ClosedModel_LeavesTheRateEmpty()
    {
        var row = CreateRow(CellSummaries.Summary()) with { Cell = Cell with { Load = CellLoad.Closed } };

        var cells = SweepCsv.Format(row).Split(',');

        Assert.Equal("", cells[SweepCsv.Columns.Select(c => c.Name).ToList().IndexOf("rate")]);
        Assert.Equal("wire-p2-t12-b100-e1024-spread8-r1", cells[0]);
    }

    [Fact]
    public void ACellInRequestsPerSecond_IsNamedByItsRateAsGiven_WritesTheNumberAndItsUnit_AndReadsBack()
    {
        var row = CreateRow(CellSummaries.Summary()) with { Cell = Cell with { Load = CellLoad.Of(RateTarget.Requests(500)) } };

        var fields = CsvLine.ByColumn(SweepCsv.Header, SweepCsv.Format(row));

        Assert.Equal(("500", "rps", "wire-p2-t12-b100-e1024-spread8-rate500rps-r1"), (fields["rate"], fields["rate_unit"], fields["cell"]));
        Assert.Equal(row, SweepCsv.TryParse(SweepCsv.Format(row)));
    }

    [Fact]
    public void AFileWrittenBeforeTheRateUnit_ReadsItsRatesAsEntitiesPerSecond()
    {
        var row = CreateRow(CellSummaries.Summary());
        var fields = CsvLine.ByColumn(SweepCsv.Header, SweepCsv.Format(row));
        var oldColumns = SweepCsv.Columns.Select(c => c.Name).Where(c => c != "rate_unit").ToList();

        var read = SweepCsv.FromHeader(string.Join(',', oldColumns)).TryParse(string.Join(',', oldColumns.Select(c => fields[c])));

        Assert.Equal(row, read);
        Assert.Equal(RateTarget.Entities(2500.5), read!.Cell.Load.Rate);
    }

    [Fact]
    public void TryParse_ReadsBackWhatFormatWrote_UnderACommaDecimalCulture()
    {
        using var culture = new CultureScope("de-DE");
        var row = CreateRow(CellSummaries.Summary(saturationReasons: ["process 0 used 97% of a core"]));

        Assert.Equal(row, SweepCsv.TryParse(SweepCsv.Format(row)));
    }

    [Theory]
    [InlineData("sdk-p1-t1-b10-e1024-single-r1,sdk,1,1,10")]
    [InlineData("sdk-p1-t1-b10-e1024-single-r9,sdk,1,1,10,1024,single,,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,false,complete")]
    [InlineData("sdk-p1-t1-b10-e1024-single-r1,sdk,1,1,10,1024,single,,1,x,1,1,1,1,1,1,1,1,1,1,1,1,1,1,false,complete")]
    [InlineData("sdk-p1-t1-b10-e1024-single-r1,sdk,1,1,10,1024,single,,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,false,finished")]
    public void TryParse_CutShortMismatchedOrGarbled_IsNoRow(string line)
    {
        Assert.Null(SweepCsv.TryParse(line));
    }

    [Fact]
    public void Layout_ColumnsInAnotherOrderAndAnExtraColumn_ReadsTheSameRow_UnderACommaDecimalCulture()
    {
        using var culture = new CultureScope("de-DE");
        var row = CreateRow(CellSummaries.Summary(saturationReasons: ["process 0 used 97% of a core"]));
        var (header, line) = Rearranged(SweepCsv.Header, SweepCsv.Format(row), note: "checked, twice");

        Assert.Equal(row, SweepCsv.FromHeader(header).TryParse(line));
    }

    [Fact]
    public void Layout_Format_WritesTheFilesOrder_WithTheUnknownColumnEmpty()
    {
        var row = CreateRow(CellSummaries.Summary());
        var (header, _) = Rearranged(SweepCsv.Header, SweepCsv.Format(row), note: "");

        var written = CsvLine.ByColumn(header, SweepCsv.FromHeader(header).Format(row));

        var standard = CsvLine.ByColumn(SweepCsv.Header, SweepCsv.Format(row));
        Assert.Equal(standard.OrderBy(c => c.Key, StringComparer.Ordinal), written.Where(c => c.Key != "note").OrderBy(c => c.Key, StringComparer.Ordinal));
        Assert.Equal("", written["note"]);
    }

    [Theory]
    [InlineData("p99", "lacks the column p99 of sweep.csv")]
    [InlineData("min,max", "lacks the columns min, max of sweep.csv")]
    public void FromHeader_MissingColumns_AreRefusedNamingThem(string missing, string expected)
    {
        var header = string.Join(',', SweepCsv.Columns.Select(c => c.Name).Except(missing.Split(',')));

        var refusal = Assert.Throws<FormatException>(() => SweepCsv.FromHeader(header));

        Assert.Equal(expected, refusal.Message);
    }

    [Fact]
    public void FromHeader_AColumnTwice_IsRefusedNamingIt()
    {
        var refusal = Assert.Throws<FormatException>(() => SweepCsv.FromHeader(SweepCsv.Header + ",p99"));

        Assert.Equal("has the column p99 more than once", refusal.Message);
    }

    [Fact]
    public void TryParse_EveryCellQuotedAndTrueInCapitals_AsASpreadsheetSavesThem_ReadsTheRow()
    {
        var row = CreateRow(CellSummaries.Summary(saturationReasons: ["process 0 used 97% of a core"]));
        var quoted = string.Join(',', CsvLine.Split(SweepCsv.Format(row)).Select(c => "\"" + (c == "true" ? "TRUE" : c) + "\""));

        Assert.Equal(row, SweepCsv.TryParse(quoted));
    }

    [Theory]
    [InlineData("\"sdk-p1-t1-b10-e1024-single-r1,sdk,1,1,10,1024,single,,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,false,complete")]
    [InlineData("\"sdk-p1-t1-b10-e1024-single-r1\"x,sdk,1,1,10,1024,single,,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,false,complete")]
    [InlineData("sdk-p1-t1-b10-e1024-single-r1,sdk,1,1,10,1024,single,,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,maybe,complete")]
    public void TryParse_UnclosedQuoteOrNotABoolean_IsNoRow(string line)
    {
        Assert.Null(SweepCsv.TryParse(line));
    }

    // The header and a row as a spreadsheet might save them: the columns reversed, and a "note" column added in the middle.
    private static (string Header, string Line) Rearranged(string header, string line, string note)
    {
        static string Rearrange(IEnumerable<string> cells, string added)
        {
            var reversed = cells.Reverse().ToList();
            reversed.Insert(reversed.Count / 2, added);
            return string.Join(',', reversed.Select(Csv.Text));
        }

        return (Rearrange(CsvLine.Split(header), "note"), Rearrange(CsvLine.Split(line), note));
    }

    [Theory]
    [InlineData("runtime")]
    [InlineData("operation")]
    public void ASweepCsvWrittenBeforeAKnob_StillReads_ItsCellsWithTheKnobsDefault(string column)
    {
        var header = string.Join(',', SweepCsv.Columns.Select(c => c.Name).Where(n => n != column));
        var layout = SweepCsv.FromHeader(header);
        var row = SweepRow.ToBeRead() with { Cell = new SweepCell(BatchClientKind.Sdk, 1, 4, 100, EntityShape.OfSize(1024), "single", CellLoad.Closed, 1), Status = TableLoad.Measurement.RunStatus.Complete };

        var read = layout.TryParse(layout.Format(row));

        Assert.NotNull(read);
        Assert.Equal(("tuned", "insert"), (read.Cell.Runtime, read.Cell.Workload.Text));
        Assert.Equal(row.Cell, read.Cell);
    }
}
