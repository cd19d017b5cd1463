using System.CommandLine;
using TableLoad.Bench.FakeEndpoint;
using TableLoad.Bench.Floor;
using TableLoad.Bench.Keys;
using TableLoad.Bench.Loops;
using TableLoad.Bench.Profile;
using TableLoad.Bench.Results;
using TableLoad.Bench.SdkLoop;
using TableLoad.Storage;

var port = new Option<int>("--port") { Description = "Loopback port to listen on.", Required = true };
var fake = new Command("fake-endpoint", "A Table endpoint on 127.0.0.1 that accepts everything and answers each batch with a canned 202, each point read with a canned 1 KB entity.") { port };
fake.SetAction(async (parse, ct) => await FakeTableEndpoint.RunAsync(parse.GetValue(port), ct).ConfigureAwait(false));

var url = new Option<string>("--url") { Description = "Table endpoint, e.g. http://127.0.0.1:10002/devstoreaccount1.", Required = true };
var account = new Option<string>("--account") { Description = "Account name.", DefaultValueFactory = _ => ConnectionStringParser.DevelopmentAccountName };
var key = new Option<string>("--key") { Description = "Account key (base64). Default: the emulator's well-known key.", DefaultValueFactory = _ => ConnectionStringParser.DevelopmentAccountKey };
var tasks = new Option<int>("--tasks") { Description = "Concurrent loops.", DefaultValueFactory = _ => 16 };
var seconds = new Option<double>("--seconds") { Description = "Measured seconds after the warm-up.", DefaultValueFactory = _ => 10 };
var warmup = new Option<double>("--warmup") { Description = "Warm-up seconds, not measured.", DefaultValueFactory = _ => 2 };
var batchSize = new Option<int>("--batch-size") { Description = "Inserts per batch.", DefaultValueFactory = _ => 100 };
var entitySize = new Option<int>("--entity-size") { Description = "Payload bytes per entity.", DefaultValueFactory = _ => 1024 };
var properties = new Option<int>("--properties") { Description = "Binary properties per entity.", DefaultValueFactory = _ => 8 };
var floor = LoopCommand("floor", "The floor client: a bare HttpClient loop posting pre-serialized batches; prints one JSON line.",
    (options, ct) => new FloorClient(options).RunAsync(ct));
var sdkLoop = LoopCommand("sdk-loop", "The plain SDK loop: TableClient.SubmitTransactionAsync of new entities per batch, as a user writes it; prints one JSON line.",
    (options, ct) => new SdkLoopClient(options).RunAsync(ct));
var putFloor = SingleLoopCommand("put-floor", "The PUT floor: a bare HttpClient loop PUTting pre-serialized entities, each its own request under a new RowKey, signed per request; prints one JSON line (a batch is one entity).",
    (options, ct) => new FloorClient(options).RunPutsAsync(ct));
var sdkUpsertLoop = SingleLoopCommand("sdk-upsert-loop", "The plain SDK upsert loop: TableClient.UpsertEntityAsync (Replace) of a new entity per request, as a user writes it; prints one JSON line (a batch is one entity).",
    (options, ct) => new SdkLoopClient(options).RunUpsertsAsync(ct));
var readTable = new Option<string>("--table") { Description = "The table a 'tableload run --preload --key-space N --keep-table' filled.", Required = true };
var keySpace = new Option<int>("--key-space") { Description = "That run's --key-space: the keys each task reads.", Required = true };
var keyPrefix = new Option<string>("--key-prefix") { Description = "That run's --key-prefix.", DefaultValueFactory = _ => "tl" };
var sdkReadLoop = ReadLoopCommand("sdk-read-loop", "The plain SDK read loop: TableClient.GetEntityAsync<TableEntity> of keys a TableLoad preload wrote, default client options; prints one JSON line (an entity is a read).",
    (options, ct) => new SdkReadLoopClient(options).RunAsync(ct));
var rawReadLoop = ReadLoopCommand("raw-read-loop", "The raw read loop: a bare HttpClient GET of each entity address, signed per request; prints one JSON line (an entity is a read).",
    (options, ct) => new RawReadClient(options).RunAsync(ct));

var traceFile = new Argument<string>("trace") { Description = "A .nettrace file from dotnet-trace collect --profile gc-verbose." };
var top = new Option<int>("--top") { Description = "Rows per table.", DefaultValueFactory = _ => 15 };
var traceSummary = new Option<string?>("--summary") { Description = "The traced run's summary.json: adds bytes per batch to every row." };
var report = new Command("trace-report", "Where a traced run's allocations come from, by type and by the nearest TableLoad frame.") { traceFile, top, traceSummary };
report.SetAction(parse =>
{
    var batches = 0.0;
    if (parse.GetValue(traceSummary) is { } summaryPath)
    {
        batches = RunFigures.BatchesSent(TableLoad.Reporting.ResultJson.ReadSummary(summaryPath));
    }

    return TraceReport.Run(parse.GetValue(traceFile)!, parse.GetValue(top), batches, Console.Out);
});

var raw = new Option<string>("--raw") { Description = "The long-format CSV of raw results.", Required = true };
var table = new Option<string>("--table") { Description = "ceiling, azurite or reads.", Required = true };
var cell = new Option<string>("--cell") { Description = "The cell's name, e.g. p1-t16.", Required = true };
var client = new Option<string>("--client") { Description = "The client's name: tableload-sdk, tableload-wire, tableload-sdk-diag, floor, sdk-loop, sdk-read-loop or raw-read-loop.", Required = true };
var run = new Option<int>("--run") { Description = "Run number within the cell.", Required = true };
var summary = new Option<string?>("--summary") { Description = "TableLoad's summary.json." };
var probe = new Option<string?>("--probe") { Description = "The startup hook's probe file of that TableLoad run." };
var loopOutput = new Option<string[]>("--result") { Description = "A baseline client's (floor, sdk-loop, a read loop) output file(s); several processes add up.", AllowMultipleArgumentsPerToken = true };
var timeOutput = new Option<string[]>("--time") { Description = "/usr/bin/time -v output file(s).", AllowMultipleArgumentsPerToken = true };
var recordCommand = new Command("record", "Appends one run's figures to the raw CSV.") { raw, table, cell, client, run, summary, probe, loopOutput, timeOutput };
recordCommand.SetAction(parse =>
{
    var times = parse.GetValue(timeOutput) ?? [];
    var figures = parse.GetValue(summary) is { } summaryPath
        ? RunFigures.FromTableLoad(summaryPath, parse.GetValue(probe), times)
        : RunFigures.FromLoop(parse.GetValue(loopOutput) ?? [], times);
    var path = parse.GetValue(raw)!;
    var lines = figures.Select(f => new BenchRow(parse.GetValue(table)!, parse.GetValue(cell)!, parse.GetValue(client)!, parse.GetValue(run), f.Key, f.Value).ToCsv());
    if (!File.Exists(path))
    {
        File.WriteAllText(path, BenchRow.Header + "\n");
    }

    File.AppendAllLines(path, lines);
    return 0;
});

var reportRaw = new Option<string>("--raw") { Description = "The long-format CSV of raw results.", Required = true };
var reportTable = new Option<string>("--table") { Description = "ceiling or azurite.", Required = true };
var reportBatchSize = new Option<int>("--batch-size") { Description = "Inserts per batch in the runs, for the per-batch and per-entity costs.", DefaultValueFactory = _ => 100 };
var tables = new Command("tables", "Prints the comparison tables of one kind from the raw CSV: medians with min–max and ratios client ÷ baseline.") { reportRaw, reportTable, reportBatchSize };
tables.SetAction(parse =>
{
    Console.Out.Write(ResultTables.Render(RawRows(parse.GetValue(reportRaw)!), parse.GetValue(reportTable)!, parse.GetValue(reportBatchSize)));
    return 0;
});

var memoryProbe = new Option<string>("--probe") { Description = "The startup hook's probe file of a soak run.", Required = true };
var every = new Option<int>("--every") { Description = "Seconds between the rows printed.", DefaultValueFactory = _ => 60 };
var memory = new Command("memory", "Prints a soak run's RSS, managed heap, GC-committed memory and methods compiled over time, and the RSS slope.") { memoryProbe, every };
memory.SetAction(parse =>
{
    Console.Out.Write(MemoryReport.Render(parse.GetValue(memoryProbe)!, Math.Max(1, parse.GetValue(every))));
    return 0;
});

var keyDraws = new Option<int>("--draws") { Description = "Draws per key distribution and per timed chooser.", DefaultValueFactory = _ => 10_000_000 };
var mixDraws = new Option<int>("--mix-draws") { Description = "Draws of the mix whose shares are printed.", DefaultValueFactory = _ => 100_000 };
var keySeed = new Option<int>("--seed") { Description = "Seed of every Random.", DefaultValueFactory = _ => 1 };
var keys = new Command("key-draws", "Prints the hottest keys' shares of zipfian and latest, a mix's achieved shares and the cost of a draw (scripts/bench-keys.sh).") { keyDraws, mixDraws, keySeed };
keys.SetAction(parse => KeyDrawReport.Run(Console.Out, parse.GetValue(keyDraws), parse.GetValue(mixDraws), parse.GetValue(keySeed)));

var reads = new Command("read-table", "Prints the read runs of the raw CSV (table reads): each client's mean reads/s and CPU per read with sd and min–max, and the ratios TableLoad's targets for reads name.") { reportRaw };
reads.SetAction(parse =>
{
    Console.Out.Write(ReadTable.Render(RawRows(parse.GetValue(reportRaw)!)));
    return 0;
});

var singleTable = new Option<string>("--table") { Description = $"{SingleWriteTable.CeilingName} or {SingleWriteTable.AzuriteName}.", Required = true };
var singles = new Command("single-table", "Prints the single-write runs of one table of the raw CSV (bench.sh --single): each client's mean requests/s and CPU per request with sd and min–max, and the ratios TableLoad's targets for single writes name.") { reportRaw, singleTable };
singles.SetAction(parse =>
{
    Console.Out.Write(SingleWriteTable.Render(RawRows(parse.GetValue(reportRaw)!), parse.GetValue(singleTable)!));
    return 0;
});

var scenarioCpu = new Command("scenario-cpu-table", "Prints the scenario-cpu runs of the raw CSV: an ingest scenario's CPU per written entity alone and beside a read scenario, and whether the difference is beyond noise (scripts/bench-scenarios.sh).") { reportRaw };
scenarioCpu.SetAction(parse =>
{
    Console.Out.Write(ScenarioCpuTable.Render(RawRows(parse.GetValue(reportRaw)!)));
    return 0;
});

var root = new RootCommand("TableLoad benchmarks: the fake endpoint, the baseline clients (floor, sdk-loop, put-floor, sdk-upsert-loop, sdk-read-loop, raw-read-loop) and a trace report (scripts/bench.sh, bench-reads.sh and bench-scenarios.sh run them).")
{
    fake, floor, sdkLoop, putFloor, sdkUpsertLoop, sdkReadLoop, rawReadLoop, recordCommand, tables, reads, singles, scenarioCpu, report, memory, keys,
};
return await root.Parse(args).InvokeAsync().ConfigureAwait(false);

// floor and sdk-loop take the same options and print the same result line; only the client differs.
Command LoopCommand(string name, string description, Func<LoopOptions, CancellationToken, Task<LoopResult>> runAsync)
{
    var command = new Command(name, description) { url, account, key, tasks, seconds, warmup, batchSize, entitySize, properties };
    command.SetAction((parse, ct) => PrintAsync(runAsync(
        LoopOptionsOf(parse, parse.GetValue(batchSize), parse.GetValue(entitySize), parse.GetValue(properties)), ct)));
    return command;
}

// put-floor and sdk-upsert-loop write one entity a request: to the harness, a batch of one.
Command SingleLoopCommand(string name, string description, Func<LoopOptions, CancellationToken, Task<LoopResult>> runAsync)
{
    var command = new Command(name, description) { url, account, key, tasks, seconds, warmup, entitySize, properties };
    command.SetAction((parse, ct) => PrintAsync(runAsync(LoopOptionsOf(parse, 1, parse.GetValue(entitySize), parse.GetValue(properties)), ct)));
    return command;
}

// sdk-read-loop and raw-read-loop read the keys a TableLoad preload wrote, with the loops' concurrency and timing.
Command ReadLoopCommand(string name, string description, Func<ReadLoopOptions, CancellationToken, Task<LoopResult>> runAsync)
{
    var command = new Command(name, description) { url, account, key, tasks, seconds, warmup, readTable, keySpace, keyPrefix };
    // A read is a batch of one to the harness; the entity size and properties are the preload's, not the loop's.
    command.SetAction((parse, ct) => PrintAsync(runAsync(
        new ReadLoopOptions(LoopOptionsOf(parse, 1, 0, 0), parse.GetValue(readTable)!, parse.GetValue(keySpace), parse.GetValue(keyPrefix)!), ct)));
    return command;
}

LoopOptions LoopOptionsOf(ParseResult parse, int perBatch, int bytes, int propertyCount) => new(
    new Uri(parse.GetValue(url)!), parse.GetValue(account)!, parse.GetValue(key)!, parse.GetValue(tasks),
    TimeSpan.FromSeconds(parse.GetValue(seconds)), TimeSpan.FromSeconds(parse.GetValue(warmup)), perBatch, bytes, propertyCount);

static List<BenchRow> RawRows(string path) => File.ReadLines(path).Skip(1).Where(l => l.Length > 0).Select(BenchRow.Parse).ToList();

static async Task<int> PrintAsync(Task<LoopResult> running)
{
    var result = await running.ConfigureAwait(false);
    await Console.Out.WriteLineAsync(result.ToJson()).ConfigureAwait(false);
    return result.FailedBatches == 0 ? 0 : 1;
}
