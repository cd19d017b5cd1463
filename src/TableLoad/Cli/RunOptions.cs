using System.CommandLine;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Cli;

/// <summary>The options of <c>tableload run</c>, each with its default shown in --help.</summary>
internal sealed class RunOptions
{
    public Option<string?> ConnectionString { get; } = new("--connection-string")
    {
        Description = $"Storage connection string (key or SAS). Default: ${SecretVariables.ConnectionString}, else the Azurite development account on 127.0.0.1:10002.",
    };


    public Option<string?> Endpoint { get; } = new("--endpoint")
    {
        Description = "Table endpoint URL, instead of a connection string; authorise with --sas or --auth entra.",
    };

    public Option<string?> Sas { get; } = new("--sas")
    {
        Description = $"Shared access signature for --endpoint. Default: ${SecretVariables.Sas} (better: the environment keeps it out of process lists).",
    };

    public Option<string> Auth { get; } = new("--auth")
    {
        Description = "With --endpoint: sas, or entra (Microsoft Entra ID through DefaultAzureCredential: environment, managed identity, Azure CLI...).",
        DefaultValueFactory = _ => "sas",
    };

    public Option<string> Client { get; } = new("--client")
    {
        Description = "Which client sends the batches: sdk (Azure.Data.Tables' TableClient.SubmitTransactionAsync, what applications run) or wire (TableLoad's own pre-serialised requests: the service's ceiling, with less client CPU per entity).",
        DefaultValueFactory = _ => "sdk",
    };

    public Option<string> Runtime { get; } = new("--runtime")
    {
        Description = "The .NET runtime settings the load runs with: tuned (Server GC without dynamic adaptation, at most 4 GC heaps, tiered PGO off, thread-pool minimums sized to --tasks, idle thread-pool workers not spinning, on Linux glibc's malloc held to 2 arenas with fixed thresholds: the client is not the limit of its own measurement) or defaults (.NET's defaults for a Server GC application, what an untuned application pays; the load then runs in a child process started with them). run.json and summary.json record the settings in effect (docs/performance.md).",
        DefaultValueFactory = _ => "tuned",
    };

    public Option<bool> SdkDiagnostics { get; } = new("--sdk-diagnostics")
    {
        Description = "With --client sdk: keep the SDK's logging and distributed tracing on, as an application with them on would run. Default: off, so the figures describe the SDK's own work (docs/performance.md measures both).",
    };

    public Option<string?> Account { get; } = new("--account")
    {
        Description = "The account name the run must target; required for any endpoint not on this machine, as a guard against loading the wrong account.",
    };

    public Option<bool> AllowExistingTable { get; } = new("--allow-existing-table")
    {
        Description = "Write into a table that already holds entities. Default: refuse, so a load test never mixes into data it did not make.",
    };

    public Option<long?> MaxEntities { get; } = new("--max-entities")
    {
        Description = "Cap on the entities the whole run may write (warm-up included); the run stops when it is reached. Default: no cap.",
    };

    /// <summary>The default bound on the entities a preload writes: minutes against Azurite, and ten times the largest key space the docs preload.</summary>
    public const long DefaultMaxPreload = 1_000_000;

    public Bounded<long> MaxPreload { get; } = new(
        new Option<long?>("--max-preload")
        {
            Description = $"The most entities --preload may write in all: its --key-space for each task of each process, in each partition a task writes, summed over the scenarios. A run that would write more is refused before any request, naming its total; raise this to run it. Default: {DefaultMaxPreload}.",
        },
        1, long.MaxValue);

    public Option<string?> Table { get; } = new("--table")
    {
        Description = "Table to write into, created if missing. Default: a fresh name per run (tableload<yyyyMMddHHmmss><4 hex digits of the run id>).",
    };

    public Option<bool> KeepTable { get; } = new("--keep-table")
    {
        Description = "Keep the table this run created. Default: delete it at the end (a table TableLoad did not create is never deleted).",
    };

    public BatchSizeOption BatchSize { get; } = new();

    public Option<string> Operation { get; } = new("--operation")
    {
        Description = "What each request does. Writes, in entity group transactions of --batch-size (or each by itself with --batch-size none): insert (the SDK's Add, a POST to the table; the service refuses a key that exists), upsert-replace (insert or replace: the SDK's UpsertReplace, a PUT to the entity without If-Match) or upsert-merge (insert or merge: the SDK's UpsertMerge, a PATCH to the entity without If-Match). On the --key-space, which --preload fills first: read (a point read of one key, drawn by --key-distribution; 404 counts as not_found), query (PartitionKey eq P and RowKey ge R from a key drawn by --key-distribution, up to --query-length entities in pages of up to --page-size), delete (batches of deletes with If-Match: *, or single DELETEs with --batch-size none, each key once, oldest first; the load ends when no key is left) or read-modify-write (YCSB's workload F: a point read of one key, then a replace of it with If-Match set to the ETag the read returned; one request, its latency the pair's; a 404 read is not_found and sends no write, a 412 on the replace is conflict, never retried). The throttling targets count every operation alike. --mix sends several in one load.",
        DefaultValueFactory = _ => TableOperationNames.DefaultName,
    };

    public Option<string> Mix { get; } = new("--mix")
    {
        Description = "Instead of --operation: the operations each task draws its next request from, by weight (shares of requests, as YCSB's proportions), such as read:80,upsert-replace:20. A mix holds read, query, read-modify-write, upsert-replace, upsert-merge and insert (not delete, which would take away keys the others draw), all on one --key-space, preloaded with --preload. A mix's inserts write each task's next keys past the key space, in each partition it uses, and its reads, queries and read-modify-writes draw from every key written so far (latest: the newest inserted); its upserts go round the key space alone. summary.json's operations, intervals-<operation>.csv and latency-<operation>.hlog hold each operation's figures; the table has a row for each. Default: none, one --operation.",
    };

    public Option<string?> Workload { get; } = new("--workload")
    {
        Description = "One of YCSB's core workloads as it maps to Table storage: ycsb-a (--mix read:50,upsert-replace:50, update heavy), ycsb-b (read:95,upsert-replace:5, read mostly), ycsb-c (read:100, read only), ycsb-d (read:95,insert:5 with --key-distribution latest, read latest), ycsb-e (query:95,insert:5 with --query-length 1..100, short ranges) or ycsb-f (read:50,read-modify-write:50), each with --key-distribution zipfian unless said, --batch-size none, --entity-size 1000 and --properties 10 (YCSB's records: one a request, each write by itself, 10 fields of 100 bytes). Give --key-space and --preload (YCSB's load phase); options given win over the preset's. Default: none.",
    };

    public Bounded<int> KeySpace { get; } = new(
        new Option<int?>("--key-space") { Description = "Each task's RowKeys in every partition it uses. With an upsert --operation: the task cycles over them instead of new keys every batch, so later batches overwrite entities that exist and the table holds at most N entities per task and partition; --verify then expects the distinct keys written. At least --batch-size (a batch holds each key once); refused with insert, whose second write of a key the service refuses (409). Needed by read, query, delete and read-modify-write, which act on these keys. Default: new keys every batch." },
        1, RowKeys.MaxKeySpace, unit: "keys");

    public Option<bool> Preload { get; } = new("--preload")
    {
        Description = "Before the warm-up, write every key of the --key-space once (upsert-replace batches of up to 100), for each task and partition the run uses, so a read, query or delete finds them. Not measured: summary.json's preload says its entities, batches and seconds. It says its total first and shows its progress, rate and time left on stderr; --max-preload bounds the total, and the first Ctrl+C stops it as it stops a load. Needed by read, query and delete unless --allow-existing-table says the table holds the keys already.",
    };

    public Option<string> KeyDistribution { get; } = new("--key-distribution")
    {
        Description = "With --operation read, query or read-modify-write: how each request draws its key from the --key-space, by YCSB's definitions: uniform (every key alike), zipfian (Gray et al.'s generator, constant 0.99, scrambled over the key space as YCSB's default: 1% of 10,000 keys get 21% of the requests) or latest (a zipfian offset back from the newest key written; after a preload, the key space's last, and beside a mix's inserts, the task's last inserted in the partition).",
        DefaultValueFactory = _ => global::TableLoad.Workload.KeyDistribution.Uniform.ToName(),
    };

    public Option<string> QueryLength { get; } = new("--query-length")
    {
        Description = $"With --operation query: the entities one query asks for, 1 to {QueryShape.MaxLength}; its pages are followed until they came or the range ended. A range such as 1..100 (YCSB E's scan length) has each query draw its length uniformly from it. The wire client asks each page for what is still wanted; the SDK asks every page for min(--page-size, N), so its last page may bring more.",
        DefaultValueFactory = _ => QueryShape.Default.LengthText,
    };

    public Bounded<int> PageSize { get; } = new(
        new Option<int>("--page-size") { Description = "With --operation query: the most entities one answer may hold ($top); a query of more takes several pages.", DefaultValueFactory = _ => QueryShape.MaxPageSize },
        1, QueryShape.MaxPageSize, unit: "entities", why: $"the service returns at most {QueryShape.MaxPageSize} entities an answer");

    public Bounded<int> EntitySize { get; } = new(
        new Option<int>("--entity-size") { Description = "Payload bytes per entity, spread over --properties binary properties.", DefaultValueFactory = _ => 1024 },
        1, EntityTemplate.MaxEntityBytes, unit: "bytes", why: "an entity holds at most 1 MiB");

    public Bounded<int> Properties { get; } = new(
        new Option<int>("--properties") { Description = "Binary properties per entity; their byte arrays are made once and shared by every entity.", DefaultValueFactory = _ => 8 },
        1, EntityTemplate.MaxCustomProperties - 1, why: $"an entity holds at most {EntityTemplate.MaxCustomProperties} custom properties, one of them TableLoad's batch nonce");

    public Option<string?> Entity { get; } = new("--entity")
    {
        HelpName = "FILE",
        Description = "A sample entity whose properties every entity carries, with their types and values: a JSON file in the Table service's own format, as Storage Explorer, 'az storage entity show' or the REST API give it (\"Count\": 5, \"Id@odata.type\": \"Edm.Guid\", \"Id\": \"...\"); its PartitionKey, RowKey, Timestamp, etag and odata.* members are replaced or left out. Not with --entity-size or --properties. examples/ holds three. Default: none, --properties binary properties of --entity-size bytes in all.",
    };

    public Option<string> Partitions { get; } = new("--partitions")
    {
        Description = "Partition strategy: single (one partition for the run), per-task, or spread:N (N partitions round-robin).",
        DefaultValueFactory = _ => "single",
    };

    public Option<string> KeyPrefix { get; } = new("--key-prefix")
    {
        Description = "Prefix of every PartitionKey and RowKey (no / \\ # ? or control characters).",
        DefaultValueFactory = _ => "tl",
    };

    public Bounded<int> Tasks { get; } = new(
        new Option<int>("--tasks") { Description = "Concurrent batch loops in the process.", DefaultValueFactory = _ => 12 },
        1, 10_000);

    public Bounded<int> Processes { get; } = new(
        new Option<int>("--processes") { Description = "Load processes; more than one makes this process a coordinator of that many workers, each running --tasks loops.", DefaultValueFactory = _ => 1 },
        1, 64);

    public Option<bool> PerProcess { get; } = new("--per-process")
    {
        Description = "With --processes, print one table row per process below the run's row.",
    };

    public RateOption Rate { get; } = new(
        "Open model: the intended rate of the whole fleet, split over processes and tasks, in entities per second (5600 or 5600eps, the default unit) or in requests per second (2000rps, the unit of k6's arrival rate and YCSB's -target). Requests are spaced by the entities each asks for (a batch its --batch-size, a read or read-modify-write one, a query its --query-length, a mix their mean by its weights), so a rate in requests per second is that many times the entities per request in entities per second: 2000rps of --mix read:80,upsert-replace:20 with --batch-size 10 is 5600 entities per second. Latency is measured from each batch's intended start. Default: closed model (each task sends as soon as its last batch answered).",
        1e9);

    public BoundedDuration Duration { get; } = new(
        new Option<string>("--duration") { Description = "Measured time after the warm-up, e.g. 30s, 2m, 1h or hh:mm:ss; a bare number is seconds. Not with --stages, whose stages' sum is the measured time.", DefaultValueFactory = _ => "60s" },
        TimeSpan.Zero, TimeSpan.FromDays(30), why: "the longest a run's timers hold", aboveMin: true);

    public Option<string?> Stages { get; } = new("--stages")
    {
        HelpName = "D1:T1,D2:T2,...",
        Description = $"A load that changes within the run: stages of DURATION:TARGET, e.g. {StagesOption.Example}; each moves linearly from the previous target to its own over its duration (equal targets hold). With --rate targets are the whole fleet's rate in --rate's unit (entities per second, or requests per second when --rate is given as 2000rps) and --rate is where the first stage starts; without it they are tasks per process, started and retired as the target moves, and --tasks is where the first stage starts. The warm-up runs at the first stage's starting target; the measured time is the stages' sum (not with --duration). summary.json, the table and intervals.csv give each stage's figures (docs/stages.md). Default: none, one load for --duration.",
    };

    public Bounded<long> Batches { get; } = new(
        new Option<long?>("--batches") { Description = "Stop after this many batches in all (warm-up included), if that comes before --duration. Default: no limit." },
        1, long.MaxValue);

    public BoundedDuration Warmup { get; } = new(
        new Option<string>("--warmup") { Description = "Warm-up before measuring; its batches are kept in batches.csv, marked, and left out of every statistic.", DefaultValueFactory = _ => "5s" },
        TimeSpan.Zero, TimeSpan.FromDays(30), why: "the longest a run's timers hold");

    public BoundedDuration Timeout { get; } = new(
        new Option<string>("--timeout") { Description = "Client timeout of one attempt (the service's own limit is 30s); it also bounds each call on the table (create, count for --verify, read-back, delete), at least 5s, after which the run says so in one sentence and exits 3.", DefaultValueFactory = _ => "30s" },
        TimeSpan.FromMilliseconds(10), TimeSpan.FromHours(24), why: "the limits of the per-attempt timeout");

    public Bounded<int> Retries { get; } = new(
        new Option<int>("--retries") { Description = "Retries per batch on 503 ServerBusy, 500 OperationTimedOut, 429 and client timeouts, with exponential backoff and jitter.", DefaultValueFactory = _ => 0 },
        0, 100);

    public Option<string?> StartAt { get; } = new("--start-at")
    {
        Description = "Distributed runs: wait until this UTC time (ISO 8601, e.g. 2026-11-21T10:00:00Z) before starting, so instances on several machines start together. Default: start at once.",
    };

    public Option<string?> RunId { get; } = new("--run-id")
    {
        Description = "Distributed runs: the run id shared by every instance (letters, digits, '-', '_'); its table (tl<run id>) is shared and kept. Default: a new id per run.",
    };

    public Bounded<int> Instance { get; } = new(
        new Option<int>("--instance") { Description = "Distributed runs: this instance's number, written into its RowKeys and result files.", DefaultValueFactory = _ => 0 },
        0, 999);

    public Option<string?> Output { get; } = new("--output")
    {
        Description = "Folder for the result files; one that already holds result files (an earlier run's) is refused, so nothing is overwritten. Default: results/<run id>/.",
    };

    public Option<string> Label { get; } = new("--label")
    {
        Description = "Free text carried into every result file (for sweeps and plots).",
        DefaultValueFactory = _ => "",
    };

    public Option<bool> Verify { get; } = new("--verify")
    {
        Description = "After the run, count the stored entities and compare with the distinct keys the succeeded batches wrote: their entities, or fewer with --key-space (exit code 4 on mismatch).",
    };

    public Option<bool> NoBatchLog { get; } = new("--no-batch-log")
    {
        Description = "Do not write batches.csv (for very long runs); every other result file is still written.",
    };

    /// <summary>Rows of batches.csv held while the disk is behind: some 10 MB, several seconds of the fastest runs.</summary>
    public const int DefaultBatchLogBuffer = 65_536;

    public Bounded<int> BatchLogBuffer { get; } = new(
        new Option<int>("--batch-log-buffer") { Description = "Rows of batches.csv held in memory while the disk is behind; a row beyond them is dropped and counted in summary.json's batch_log_dropped, so a slow disk neither slows the load nor grows memory without limit.", DefaultValueFactory = _ => DefaultBatchLogBuffer },
        1, 10_000_000, unit: "rows");

    public Option<bool> Report { get; } = new("--report")
    {
        Description = "After the run, write report.html (one self-contained page), percentiles.md and the plots into the result folder with Rscript analysis/report.R, and print report.html's path last (says how to install R if it is missing).",
    };

    public Option<string?> FailIf { get; } = new("--fail-if")
    {
        Description = $"Gates: conditions the run must meet, comma-separated [OPERATION.]FIGURE OP VALUE, e.g. \"p99<500ms,eps>2000,throttled<1%,failed<0.1%\". Figures: {GateFigureHelp.Written}; the service's figures (service.*) need --service-metrics; OP is <, <=, > or >=. An operation's name and a dot before the figure judge that operation's own figures: \"read.p99<20ms,upsert-replace.eps>200\" (an operation the run sends, its --operation or one of its --mix or --workload; any of {GateFigureHelp.PerPart}); in a run of --config's scenarios, a scenario's name (\"lookups.p99<20ms\") or a scenario's operation (\"lookups.read.p99<20ms\") judges that part alike. Judged on the whole fleet's figures at the end, one line each; when any fails the run exits 99 after every file is written. Default: none.",
    };

    public Option<string[]> AbortIf { get; } = new("--abort-if")
    {
        HelpName = "EXPR for WINDOW",
        Description = $"Stop the run early when a condition holds over the last WINDOW of measured seconds (a sliding window, not the run so far), e.g. \"throttled>5% for 10s\", \"p99>2s for 5s\", \"eps<0.8*target for 10s\". EXPR is a --fail-if condition ({GateFigureHelp.PerPart}), scoped or not: \"read.p99>50ms for 5s\" judges the reads' part of each second, \"lookups.p99>50ms for 5s\" a scenario's; target is the open model's target in effect: --rate, or with --stages the plan's target at each second (the run's eps only, not an operation's; needs --rate). WINDOW is whole seconds, from 1s to the measured time (--duration or the stages' sum). Judged each second on the whole fleet's figures; when one holds, no new batch starts, those in flight finish, every file is written (summary.json's stopped_by says which condition, when, its figure and the target), and the run exits 99. Repeat it or separate conditions with commas. Default: none.",
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<string?> Junit { get; } = new("--junit")
    {
        Description = "With --fail-if or --abort-if: also write the gates' verdicts to this file as JUnit XML, one testcase per threshold and per abort condition (failing with its sentence when it stopped the run), as CI systems read test results; not a folder, not under a file, not a result file of --output. Default: none.",
    };

    public Option<string?> OtlpEndpoint { get; } = new("--otlp-endpoint")
    {
        Description = "Export live metrics (the TableLoad meter) over OTLP to this collector address, e.g. http://localhost:4317. Default: off, unless $OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/observability.md).",
    };

    public Option<string?> ServiceLog { get; } = new("--service-log")
    {
        Description = "After the run, join each request of batches.csv with the service's record of it by client request id, and split its latency into the service's share (serverLatencyMs), the transfer's (durationMs - serverLatencyMs) and the client's own (latency_ms - durationMs): summary.json's service.log and a sentence under the table. A file or a folder of the account's resource-log JSON lines (the insights-logs-storagetablelogs container, downloaded; tableload proxy --service-log writes them) or of classic Storage Analytics 1.0 lines ($logs/table); or container:NAME, that container of the account's own blob service (container:insights-logs-storagetablelogs, container:$logs), read with the run's credential, only the blobs of the run's hours. Not with --no-batch-log. Default: none (docs/service.md).",
    };

    public Option<string?> Config { get; } = new("--config")
    {
        Description = $"A profile of options: a JSON object with options under their snake_case names ({{\"batch_size\": 50, \"tasks\": 8, \"duration\": \"2m\"}}), or a past run's run.json to run it again (its own folder, table and start time excepted). Its \"scenarios\" runs several loads at once, each an object of its own options (tasks, rate, operation, mix, batch_size, key_space, preload, ...), the others shared: {{\"scenarios\": {{\"ingest\": {{\"tasks\": 2, \"rate\": 500}}, \"lookups\": {{\"operation\": \"read\", \"tasks\": 2, \"key_space\": 500, \"preload\": true}}}}}} (docs/application-load.md). {OptionLayers.EnvironmentPrefix}<NAME> environment variables (TABLELOAD_BATCH_SIZE=50) override it, and the command line overrides both. Secrets never go in a profile. Default: none.",
    };

    public Option<bool> Quiet { get; } = new("--quiet")
    {
        Description = "No progress lines while the run goes on; the final table is still printed (--verbosity quiet also leaves out notices, keeping warnings and errors).",
    };

    /// <summary>--service-metrics and its companions (docs/service.md).</summary>
    public ServiceMetricsOptions ServiceMetrics { get; } = new();

    /// <summary>A <c>run</c> command holding these options, so every reader of run's arguments parses them alike.</summary>
    public Command CreateCommand(string description = "")
    {
        var command = new Command("run", description);
        foreach (var option in All)
        {
            command.Add(option);
        }

        return command;
    }

    public IEnumerable<Option> All =>
    [
        Client, Runtime, SdkDiagnostics, ConnectionString, Endpoint, Sas, Auth, Account, AllowExistingTable, MaxEntities, MaxPreload.Option, Table, KeepTable, BatchSize.Option, EntitySize.Option, Properties.Option, Partitions, KeyPrefix,
        Entity,
        Tasks.Option, Processes.Option, PerProcess, Rate.Option, Duration.Option, Stages, Batches.Option, StartAt, RunId, Instance.Option,
        Operation, Mix, Workload, KeySpace.Option, Preload, KeyDistribution, QueryLength, PageSize.Option,
        Warmup.Option, Timeout.Option, Retries.Option, Output, Label, Verify, NoBatchLog, BatchLogBuffer.Option, Report, OtlpEndpoint, ServiceLog, Quiet, Config,
        FailIf, Junit, AbortIf, .. ServiceMetrics.All,
    ];
}
