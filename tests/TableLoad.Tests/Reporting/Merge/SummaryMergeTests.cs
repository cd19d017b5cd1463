using System.Globalization;
using System.Text.Json;
using TableLoad.Measurement;
using TableLoad.Storage;
using TableLoad.Settings;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Measurement.Service;
using TableLoad.Reporting;
using TableLoad.Reporting.Merge;

namespace TableLoad.Tests.Reporting.Merge;

public sealed class SummaryMergeTests
{
    private static readonly MergedMeasurement Measured = new(
        new LatencySummary(1001, 1002.5, 1003.5, 1004.5, 1005.5, 1006.5, 1007.5, 1008.5, 1009.5),
        new LatencySummary(2001, 2002.5, 2003.5, 2004.5, 2005.5, 2006.5, 2007.5, 2008.5, 2009.5),
        PeakEntitiesPerSecond: 3001,
        MeasuredSeconds: 4001,
        new RunConfidence
        {
            Level = 0.95, Blocks = 5003, BlockSeconds = 5005.5, MeanEntitiesPerSecond = new(5007.5, 5009.5),
            LatencyMs = new(new(5011.5, 5013.5), new(5015.5, 5017.5), new(5019.5, 5021.5)),
        },
        [StageFrom(6001)])
    {
        PeakRequestUnitsPerSecond = 3003.5,
        PeakSpentRequestUnitsPerSecond = 3005.5,
    };

    /// <summary>Every field of the contract set, each number to a value no other field has.</summary>
    // A scenario's figures are an operation's (OperationSummary), built from its slice as the run's are from the whole: here the run's own.
    private static RunSummary EveryFieldDistinct() => OfOneLoad() is var run ? run with { Scenarios = new Dictionary<string, OperationSummary> { ["ingest"] = OperationSummary.OfRun(run) } } : run;

    private static RunSummary OfOneLoad() => new()
    {
        RunId = "run-a",
        Row = "row-a",
        Label = "label-a",
        Processes = 2,
        Tasks = 3,
        BatchSize = 5,
        EntitySize = 7,
        Entity = "entity-a",
        Workload = new RunWorkload.OneOperation(TableOperation.UpsertMerge),
        KeySpace = 257,
        Partitions = "spread:11",
        BatchClient = "client-a",
        Status = RunStatus.Interrupted,
        MeasuredSeconds = 13.5,
        LatencyMs = new LatencySummary(17, 19.5, 21.5, 23.5, 25.5, 27.5, 29.5, 31.5, 33.5),
        UncorrectedLatencyMs = new LatencySummary(37, 39.5, 41.25, 43.5, 45.5, 47.5, 49.5, 51.5, 53.25),
        Rate = 55.5,
        RequestRate = 1055.5,
        TargetInRequestsPerSecond = true,
        LateBatches = 57,
        PeakEntitiesPerSecond = 59,
        MeanEntitiesPerSecond = 61.5,
        Confidence = new RunConfidence
        {
            Level = 0.9, Blocks = 261, BlockSeconds = 263.5, MeanEntitiesPerSecond = new(265.5, 267.5),
            LatencyMs = new(new(269.5, 271.5), new(273.5, 275.5), new(277.5, 279.5)),
        },
        GoodputMbPerSecond = 63.5,
        EntitiesSucceeded = 65,
        Retries = 67,
        VerifiedByRead = 69,
        EntitiesFailed = 71,
        KeysWritten = 259,
        KeysDeleted = 4095,
        QueryPages = 4097,
        Preload = new PreloadSummary(4099, 4101, 4103.5) { FailedBatches = 4105 },
        BatchLogDropped = 229,
        Outcomes = new Dictionary<string, long>
        {
            ["succeeded"] = 73, ["server_busy"] = 75, ["operation_timed_out"] = 77, ["too_many_requests"] = 79,
            ["client_timeout"] = 81, ["rejected"] = 83, ["network_failure"] = 85, ["abandoned"] = 231, ["not_found"] = 4107,
        },
        RejectedByCode = new Dictionary<string, long> { ["EntityAlreadyExists"] = 87 },
        Warmup = new WarmupTotals(89, 91, 93)
        {
            Retries = 221,
            RequestUnits = 333.5,
            Outcomes = new Dictionary<string, long> { ["succeeded"] = 223, ["server_busy"] = 227 },
        },
        Client = new ClientUsage(95.5, 97.5, 99.5, 101, 103, 105) { SaturationReasons = ["hot"], LateStart = ["held"], GcPausePercent = 239.5, PeakRssMib = 255.5 },
        RuntimeSettings = new RuntimeSettings
        {
            Profile = "profile-a", GcMode = "gc-a", ConcurrentGc = true, GcDynamicAdaptation = 241, GcHeapCount = 243, GcGen0MaxBudgetBytes = 245,
            GcGen0SizeBytes = 247, GcHeapHardLimitBytes = 249, TieredCompilation = true, TieredPgo = false, MinWorkerThreads = 251, MinIoThreads = 253,
            MallocArenaMax = 4091, MallocTrimThresholdBytes = 4093, ThreadPoolSpinLimit = 4111,
        },
        Abandoned = new AbandonedBatches(233, 235, 237),
        Stored = new StoredCount(107, 109, Matches: true),
        Stages = [StageFrom(601)],
        RequestUnits = TestSupport.RunSummaries.RequestUnits(total: 301.5, peak: 307.5, 30_900, 31_700) with { Unreadable = 305, Batches = 303, PerEntity = 309.5, PerSecondMean = 311.5, ProvisionRuPerSecond = new(313.5, 315.5),
            WarmupInMeasuredSeconds = 4113.5, SpentPerSecondMean = 4115.5, SpentPerSecondPeak = 4117.5 },
        Throttling = new ThrottlingSummary(new Dictionary<string, long>
        {
            ["request_units"] = 323, ["account_operations"] = 325, ["account_ingress"] = 327, ["account_egress"] = 329, ["partition_or_unnamed"] = 331,
        }),
        StoppedBy = new StoppedBy("throttled>5% for 10s", 281, 283.5, 285.5) { Sentence = "stopped-a" },
        Thresholds = [new ThresholdResult("p99<500ms", "p99", "ms", "<", 701.5, 703.5, new(705.5, 707.5), Passed: true)],
        Service = new ServiceSummary
        {
            Resource = "resource-a", Unavailable = "unavailable-a",
            Log = new ServiceLogSummary
            {
                Records = 4201, Joined = 4203, Unjoined = 4205, Unlogged = 4207, Unreadable = 4209,
                SharesMs = new LatencyShares(new(4211.5, 4213.5, 4215.5), new(4217.5, 4219.5, 4221.5), new(4223.5, 4225.5, 4227.5)),
                P99RequestsMs = new TailShares(4229, 4231.5, 4233.5, 4235.5, 4237.5),
                MissingMinutes = ["2026-12-07T10:00Z"],
            },
        },
    };

    /// <summary>A stage whose every number is <paramref name="first"/> or above it, each a different one.</summary>
    private static StageSummary StageFrom(int first) => new()
    {
        Stage = first, StartS = first + 2.5, EndS = first + 4.5, StartTarget = first + 6.5, EndTarget = first + 8.5, MeanEntitiesPerSecond = first + 10.5,
        PeakEntitiesPerSecond = first + 12, EntitiesSucceeded = first + 14, EntitiesFailed = first + 16, Batches = first + 18,
        LatencyMs = new LatencySummary(first + 20, first + 22.5, first + 24.5, first + 26.5, first + 28.5, first + 30.5, first + 32.5, first + 34.5, first + 36.5),
        Confidence = new RunConfidence
        {
            Level = 0.8, Blocks = first + 38, BlockSeconds = first + 40.5, MeanEntitiesPerSecond = new(first + 42.5, first + 44.5),
            LatencyMs = new(new(first + 46.5, first + 48.5), new(first + 50.5, first + 52.5), new(first + 54.5, first + 56.5)),
        },
        ThrottledPercent = first + 58.5,
        FailedPercent = first + 60.5,
    };

    [Fact]
    public void Merge_TwoCopiesWithEveryFieldDistinct_EachFieldMergesByItsDeclaredRule()
    {
        var written = WriteAndReadBack(EveryFieldDistinct());

        var merged = SummaryMerge.Merge([written, written], Measured, ["i0", "i1"], []);

        var expected = new Dictionary<string, string>
        {
            ["run_id"] = "run-a", ["row"] = "row-a", ["label"] = "label-a", ["processes"] = "4", ["tasks"] = "3", ["batch_size"] = "5",
            ["entity_size"] = "7", ["entity"] = "entity-a", ["operation"] = "upsert-merge", ["key_space"] = "257", ["keys_written"] = "518", ["partitions"] = "spread:11", ["batch_client"] = "client-a", ["status"] = "interrupted", ["measured_seconds"] = "4001",
            ["rate"] = "111", ["request_rate"] = "2111", ["target_in_requests_per_second"] = "true", ["late_batches"] = "114", ["peak_entities_per_second"] = "3001",
            ["mean_entities_per_second"] = Number(130 / 4001.0),
            ["mean_requests_per_second"] = Number((146 + 150 + 154 + 158 + 162 + 166 + 170 + 462 + 8214) / 4001.0), ["goodput_mb_per_second"] = Number(130 * 7 / 1e6 / 4001),
            ["entities_succeeded"] = "130", ["retries"] = "134", ["verified_by_read"] = "138", ["entities_failed"] = "142", ["batch_log_dropped"] = "458",
            ["outcomes.succeeded"] = "146", ["outcomes.server_busy"] = "150", ["outcomes.operation_timed_out"] = "154",
            ["outcomes.too_many_requests"] = "158", ["outcomes.client_timeout"] = "162", ["outcomes.rejected"] = "166",
            ["outcomes.network_failure"] = "170", ["outcomes.abandoned"] = "462", ["outcomes.not_found"] = "8214",
            ["keys_deleted"] = "8190", ["query_pages"] = "8194",
            ["preload.entities"] = "8198", ["preload.batches"] = "8202", ["preload.seconds"] = "4103.5", ["preload.failed_batches"] = "8210",
            ["abandoned.stored"] = "466", ["abandoned.not_stored"] = "470", ["abandoned.unknown"] = "474", ["rejected_by_code.EntityAlreadyExists"] = "174",
            ["warmup.batches"] = "178", ["warmup.entities_succeeded"] = "182", ["warmup.entities_failed"] = "186",
            ["warmup.retries"] = "442", ["warmup.request_units"] = "667", ["warmup.outcomes.succeeded"] = "446", ["warmup.outcomes.server_busy"] = "454",
            ["client.user_cpu_seconds"] = "191", ["client.system_cpu_seconds"] = "195",
            ["client.cpu_us_per_entity"] = Number((191 + 195) * 1e6 / (130 + 182)),
            ["client.gc_gen0"] = "202", ["client.gc_gen1"] = "206", ["client.gc_gen2"] = "210",
            ["client.gc_pause_percent"] = "239.5", ["client.peak_rss_mib"] = "255.5",
            ["runtime_settings.profile"] = "profile-a", ["runtime_settings.gc_mode"] = "gc-a", ["runtime_settings.concurrent_gc"] = "true",
            ["runtime_settings.gc_dynamic_adaptation"] = "241", ["runtime_settings.gc_heap_count"] = "243", ["runtime_settings.gc_gen0_max_budget_bytes"] = "245",
            ["runtime_settings.gc_gen0_size_bytes"] = "247", ["runtime_settings.gc_heap_hard_limit_bytes"] = "249", ["runtime_settings.tiered_compilation"] = "true",
            ["runtime_settings.tiered_pgo"] = "false", ["runtime_settings.min_worker_threads"] = "251", ["runtime_settings.min_io_threads"] = "253",
            ["runtime_settings.malloc_arena_max"] = "4091", ["runtime_settings.malloc_trim_threshold_bytes"] = "4093",
            ["runtime_settings.thread_pool_spin_limit"] = "4111",
            ["client.saturated"] = "true", ["client.saturation_reasons[0]"] = "hot", ["client.saturation_reasons[1]"] = "hot",
            ["client.late_start[0]"] = "held", ["client.late_start[1]"] = "held",
            ["stored.count"] = "214", ["stored.expected"] = "218", ["stored.matches"] = "true",
            ["stopped_by.condition"] = "throttled>5% for 10s", ["stopped_by.at_second"] = "281", ["stopped_by.figure"] = "283.5", ["stopped_by.target"] = "571", ["stopped_by.sentence"] = "stopped-a",
            ["request_units.total"] = "603", ["request_units.batches"] = "606", ["request_units.unreadable"] = "610",
            ["request_units.per_entity"] = Number(603 / 130.0), ["request_units.per_second_mean"] = Number(603 / 4001.0), ["request_units.per_second_peak"] = "3003.5",
            // The warm-up's answers in the measured seconds add up; what every answer spent a second is recomputed from the merged figures.
            ["request_units.warmup_in_measured_seconds"] = "8227", ["request_units.spent_per_second_mean"] = Number((603 + 8227) / 4001.0),
            ["request_units.spent_per_second_peak"] = "3005.5",
            // The RU/s the merged rate needs: the merged RU per entity at the merged mean and peak e/s.
            ["request_units.provision_ru_per_second.mean"] = Number(603 / 130.0 * (130 / 4001.0)), ["request_units.provision_ru_per_second.peak"] = Number(603 / 130.0 * 3001),
            ["throttling.by_limit.request_units"] = "646", ["throttling.by_limit.account_operations"] = "650", ["throttling.by_limit.account_ingress"] = "654",
            ["throttling.by_limit.account_egress"] = "658", ["throttling.by_limit.partition_or_unnamed"] = "662",
        };

        // The per-batch percentiles come from the parts' histograms merged: each part's two batches, twice.
        var perBatch = TestSupport.RunSummaries.RequestUnits(total: 0, peak: 0, 30_900, 31_700, 30_900, 31_700);
        expected["request_units.per_batch.p50"] = Number(perBatch.PerBatch.P50);
        expected["request_units.per_batch.p99"] = Number(perBatch.PerBatch.P99);
        expected["request_units.histogram"] = perBatch.Histogram;
        foreach (var (prefix, latency) in new[] { ("latency_ms", Measured.Latency), ("uncorrected_latency_ms", Measured.Uncorrected!) })
        {
            foreach (var (name, value) in Flatten(ResultJson.Serialize(written with { LatencyMs = latency })).Where(f => f.Key.StartsWith("latency_ms.", StringComparison.Ordinal)))
            {
                expected[prefix + name["latency_ms".Length..]] = value;
            }
        }

        // The intervals are recomputed from the merged seconds, never merged from the parts' intervals.
        foreach (var (name, value) in Flatten(ResultJson.Serialize(written with { Confidence = Measured.Confidence, Stages = Measured.Stages }))
            .Where(f => f.Key.StartsWith("confidence.", StringComparison.Ordinal) || f.Key.StartsWith("stages[", StringComparison.Ordinal)))
        {
            expected[name] = value;
        }

        var actual = Flatten(ResultJson.Serialize(merged)).Where(f => !f.Key.StartsWith("per_process", StringComparison.Ordinal)).ToDictionary();
        var operation = actual.Where(f => f.Key.StartsWith("operations.", StringComparison.Ordinal)).ToDictionary();
        Assert.Equal(expected.OrderBy(f => f.Key, StringComparer.Ordinal), actual.Except(operation).OrderBy(f => f.Key, StringComparer.Ordinal));
        AssertTheOperationsFiguresAreTheRuns(actual, operation);
        Assert.Equal(["i0", "i1"], merged.PerProcess.Select(p => p.Row));
        Assert.All(merged.PerProcess, p => Assert.Equal(ResultJson.Serialize(written with { Row = p.Row }), ResultJson.Serialize(p)));
    }

    /// <summary>A run of one operation: <c>operations.upsert-merge</c> holds the run's own merged figures, its requests all outcomes.</summary>
    private static void AssertTheOperationsFiguresAreTheRuns(Dictionary<string, string> run, Dictionary<string, string> operation)
    {
        const string Prefix = "operations.upsert-merge.";
        Assert.All(operation.Keys, k => Assert.StartsWith(Prefix, k, StringComparison.Ordinal));
        Assert.Equal(run.Where(f => f.Key.StartsWith("outcomes.", StringComparison.Ordinal)).Sum(f => long.Parse(f.Value, CultureInfo.InvariantCulture)).ToString(CultureInfo.InvariantCulture), operation[Prefix + "requests"]);
        var renamed = new Dictionary<string, string> { ["entities"] = "entities_succeeded" };
        foreach (var (key, value) in operation.Where(f => f.Key != Prefix + "requests"))
        {
            var name = key[Prefix.Length..];
            var first = name.Split('.', '[')[0];
            Assert.Equal(run[renamed.GetValueOrDefault(first, first) + name[first.Length..]], value);
        }

        Assert.Contains(Prefix + "latency_ms.p99", operation.Keys);
    }

    [Fact]
    public void EveryFieldDistinct_SetsEveryFieldOfTheContract_EachNumberOnce()
    {
        // The operations' and the scenario's figures are the run's own, so each of their numbers is there twice by design.
        var every = Flatten(ResultJson.Serialize(EveryFieldDistinct())).ToDictionary();
        var fields = every.Where(f => !f.Key.StartsWith("operations.", StringComparison.Ordinal) && !f.Key.StartsWith("scenarios.", StringComparison.Ordinal)).ToDictionary();
        var numbers = fields.Values.Where(v => double.TryParse(v, CultureInfo.InvariantCulture, out _)).ToList();

        Assert.Equal(numbers.Count, numbers.Distinct().Count());
        Assert.All(SummaryMerge.Rules(typeof(RunSummary)).Where(r => r.Rule != MergeRule.Parts && r.Property.Name != nameof(RunSummary.Operations)),
            r => Assert.Contains(every.Keys, k => k.Split('.', '[')[0] == SummaryMerge.JsonName(r.Property)));
    }

    [Fact]
    public void Merge_KnobsDiffer_RefusesInOneSentenceNamingTheKnob()
    {
        var a = EveryFieldDistinct();

        var error = Assert.Throws<FormatException>(() => SummaryMerge.Check([a, a with { BatchSize = 50 }]));

        Assert.Equal("The folders differ in batch_size (5, 50), so they are not one workload; report them separately.", error.Message);
    }

    [Fact]
    public void Rules_APropertyWithoutAMergeRule_Throws() =>
        Assert.Throws<InvalidOperationException>(() => SummaryMerge.Rules(typeof(UndeclaredFigure)).ToList());

    private sealed record UndeclaredFigure(long Count);

    private static RunSummary WriteAndReadBack(RunSummary summary)
    {
        var path = Path.Combine(Path.GetTempPath(), $"tableload-contract-{Guid.NewGuid():N}.json");
        try
        {
            ResultJson.WriteAsync(path, summary).GetAwaiter().GetResult();
            var read = ResultJson.ReadSummary(path);
            Assert.Equal(ResultJson.Serialize(summary), ResultJson.Serialize(read));
            return read;
        }
        finally
        {
            File.Delete(path);
        }
    }

    private static string Number(double value) => value.ToString("R", CultureInfo.InvariantCulture);

    /// <summary>The written file's leaves by path, as text: what a user's script would find in it.</summary>
    private static Dictionary<string, string> Flatten(string json)
    {
        var leaves = new Dictionary<string, string>(StringComparer.Ordinal);
        void Walk(JsonElement element, string path)
        {
            switch (element.ValueKind)
            {
                case JsonValueKind.Object:
                    foreach (var property in element.EnumerateObject())
                    {
                        Walk(property.Value, path.Length == 0 ? property.Name : $"{path}.{property.Name}");
                    }

                    break;
                case JsonValueKind.Array:
                    var i = 0;
                    foreach (var item in element.EnumerateArray())
                    {
                        Walk(item, $"{path}[{i++}]");
                    }

                    break;
                case JsonValueKind.String:
                    leaves[path] = element.GetString()!;
                    break;
                case JsonValueKind.Number:
                    leaves[path] = Number(element.GetDouble());
                    break;
                default:
                    leaves[path] = element.GetRawText();
                    break;
            }
        }

        using var document = JsonDocument.Parse(json);
        Walk(document.RootElement, "");
        return leaves;
    }
}
