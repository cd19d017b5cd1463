using System.CommandLine;
using System.Globalization;
using TableLoad.Settings;
using TableLoad.Settings.Gates;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Cli;

/// <summary>
/// Turns parsed options into validated <see cref="RunSettings"/>. Everything the service would refuse
/// is refused here, before any request, in one pass that lists every fault at once (a <see cref="UsageException"/>
/// of one sentence per fault). Each option's range is declared with it (<see cref="RunOptions"/>); names
/// come from <see cref="RunNaming"/>, the largest entity and batch are checked by <see cref="WorstCaseBatch"/>.
/// </summary>
internal static class RunSettingsFactory
{
    public const int MaxKeyPrefixLength = 200;

    // Instances launched together reach their start a little apart; a later start would not be together.
    public static readonly TimeSpan StartAtTolerance = TimeSpan.FromSeconds(5);

    /// <param name="scenario">The name of one scenario of several (<see cref="ScenarioSettingsFactory"/>), whose gates are scoped by the whole run's parts, checked there; null for a run of one load.</param>
    public static RunSettings Create(ParseResult parse, RunOptions options, DateTimeOffset now, Func<string, string?> environment, string? scenario = null)
    {
        // Each option on its own first; then the checks across options, on those that were accepted; then every fault at once.
        var errors = new UsageErrors();
        var clientText = parse.GetValue(options.Client);
        errors.Require(options.Client, BatchClientKindNames.TryParse(clientText, out var client), $"--client must be sdk or wire, not '{clientText}'.");
        var runtimeText = parse.GetValue(options.Runtime);
        errors.Require(options.Runtime, RuntimeProfiles.TryParse(runtimeText, out var runtime), $"--runtime must be tuned or defaults, not '{runtimeText}'.");
        var sdkDiagnostics = parse.GetValue(options.SdkDiagnostics);
        var otlpText = parse.GetValue(options.OtlpEndpoint);
        Uri? otlpEndpoint = null;
        errors.Require(otlpText is null || (Uri.TryCreate(otlpText, UriKind.Absolute, out otlpEndpoint) && otlpEndpoint.Scheme is "http" or "https"),
            $"--otlp-endpoint must be an http or https address such as http://localhost:4317, not '{otlpText}'.");
        var serviceLog = parse.GetValue(options.ServiceLog) is { } serviceLogText ? ServiceLogLocation.Parse(serviceLogText) : null;
        errors.Require(serviceLog is null || !parse.GetValue(options.NoBatchLog),
            "--service-log joins the service's log with batches.csv, which --no-batch-log leaves unwritten: give one or the other.");
        var workload = WorkloadPreset.Read(parse, options, errors);
        var batching = WorkloadPreset.Or(parse, options.BatchSize.Option, options.BatchSize.ValueIn(parse, errors), workload is null ? null : WorkloadPreset.Batching);
        var batchSize = batching?.Size;
        var operation = OperationOptions.Read(parse, options, errors, batchSize, workload);
        var entitySize = WorkloadPreset.Or(parse, options.EntitySize.Option, options.EntitySize.ValueIn(parse, errors), workload is null ? null : WorkloadPreset.EntitySize);
        var tasks = options.Tasks.ValueIn(parse, errors);
        var batchLogBuffer = options.BatchLogBuffer.ValueIn(parse, errors);
        var processes = options.Processes.ValueIn(parse, errors);
        var rate = options.Rate.ValueIn(parse, errors);
        var properties = WorkloadPreset.Or(parse, options.Properties.Option, options.Properties.ValueIn(parse, errors), workload is null ? null : WorkloadPreset.Properties);
        var duration = options.Duration.ValueIn(parse, errors);
        // A rate in requests per second is converted by the entities a request carries, known once the operation and batch size are.
        var entitiesPerRequest = batchSize is { } requestSize ? operation.EntitiesPerRequest(requestSize) : (double?)null;
        var model = errors.Accepted(options.Rate.Option, options.Tasks.Option) && tasks is { } given
            ? StagesOption.ModelIn(parse, options, errors, rate, entitiesPerRequest, given)
            : null;
        var warmup = options.Warmup.ValueIn(parse, errors);
        var timeout = options.Timeout.ValueIn(parse, errors);
        var batches = options.Batches.ValueIn(parse, errors);
        var retries = options.Retries.ValueIn(parse, errors);
        var instance = options.Instance.ValueIn(parse, errors);
        var givenRunId = parse.GetValue(options.RunId);
        errors.Require(options.RunId, givenRunId is null || RunNaming.IsRunId(givenRunId), $"--run-id '{givenRunId}' must be 1 to 40 letters, digits, '-' or '_'.");
        var partitions = PartitionStrategy.TryParse(parse.GetValue(options.Partitions) ?? "");
        errors.Require(options.Partitions, partitions is not null, $"--partitions must be single, per-task or spread:N with N from 1 to 1000000, not '{parse.GetValue(options.Partitions)}'.");
        var prefix = parse.GetValue(options.KeyPrefix) ?? "";
        CheckKeyPrefix(errors, options.KeyPrefix, prefix);
        // A scenario's keys start with the prefix and its name: the prefix's bound and the largest batch are judged on those.
        var keyPrefix = scenario is null ? prefix : Scenario.KeyPrefixOf(prefix, scenario);
        if (scenario is not null && errors.Accepted(options.KeyPrefix))
        {
            errors.Require(options.KeyPrefix, keyPrefix.Length <= MaxKeyPrefixLength,
                $"--key-prefix and the scenario '{scenario}' make its keys' prefix {keyPrefix.Length} characters long ('{keyPrefix}'), over {MaxKeyPrefixLength}; shorten either.");
        }
        var startAt = StartAt(errors, options.StartAt, parse.GetValue(options.StartAt), now);
        var (runId, tableStem) = RunNaming.Create(now, errors.Accepted(options.RunId) ? givenRunId : null);
        var table = parse.GetValue(options.Table) ?? tableStem;
        errors.Require(options.Table, RunNaming.IsTableName(table), $"--table '{table}' is not a valid table name: use 3 to 63 letters and digits, starting with a letter.");
        var target = errors.Try(() => Target(parse, options, environment));

        errors.Require(!sdkDiagnostics || !errors.Accepted(options.Client) || client == BatchClientKind.Sdk, "--sdk-diagnostics goes with --client sdk.");
        var maxPreload = options.MaxPreload.ValueIn(parse, errors);
        var maxEntities = parse.GetValue(options.MaxEntities);
        if (maxEntities is { } cap && batchSize is { } size)
        {
            errors.Require(cap >= size, $"--max-entities must be at least --batch-size ({size}).");
            batches = Math.Min(batches ?? long.MaxValue, cap / size);
        }

        // The budget is split over the processes (a scenario's is each process's own), so a process whose share is nothing would measure no load.
        if (scenario is null && batches is { } budget and > 0 && processes is { } fleet && budget < fleet)
        {
            var limit = parse.IsGiven(options.Batches.Option) && budget == options.Batches.ValueOf(parse) ? $"--batches {budget}" : $"--max-entities {maxEntities} ({budget} batches of {batchSize})";
            errors.Require(false, $"{limit} is fewer batches than --processes {fleet}, so {fleet - budget} of the {fleet} processes would send nothing: give at least {fleet} batches, or --processes {budget}.");
        }

        var sample = SampleEntityOption.ValueIn(parse, options, errors);
        var template = sample is not null ? EntityTemplate.FromSample(sample)
            : entitySize is { } bytes && properties is { } count && CheckEntityShape(errors, bytes, count) ? EntityTemplate.Create(bytes, count) : null;
        if (template is not null && batching is { } perRequest && target is not null && errors.Accepted(options.KeyPrefix, options.Table, options.Entity))
        {
            WorstCaseBatch.Check(errors, template, SampleEntityOption.Named(sample, entitySize), keyPrefix, perRequest, target.TableEndpoint, table, operation.Batched, operation.KeySpace);
        }

        var failIf = GateOptions.ReadFailIf(errors, options.FailIf, parse.GetValue(options.FailIf));
        var abortIf = GateOptions.ReadAbortIf(parse, options, errors, model, duration is { } held ? model?.MeasuredTime(held) ?? held : null);
        if (scenario is null)
        {
            GateOptions.CheckRunScopes(parse, options, errors, operation, new GateSettings(failIf, abortIf));
        }

        var junit = parse.GetValue(options.Junit);
        errors.Require(options.Junit, junit is null || parse.IsGiven(options.FailIf) || parse.IsGiven(options.AbortIf), GateOptions.JunitWithoutGate);
        var output = parse.GetValue(options.Output) ?? RunNaming.DefaultOutput(runId, parse.GetResult(options.Instance.Option) is { Implicit: false } ? instance : null);
        OutputPaths.CheckFolder(errors, options.Output, output);
        OutputPaths.CheckFile(errors, options.Junit, junit, output);

        var serviceMetrics = options.ServiceMetrics.Read(parse, errors, target);
        var serviceLogRefusal = serviceLog?.Refusal(target);
        errors.Require(options.ServiceLog, serviceLogRefusal is null, serviceLogRefusal ?? "");

        errors.ThrowIfAny();
        var settings = new RunSettings
        {
            Target = target!,
            Table = table,
            KeepTable = parse.GetValue(options.KeepTable),
            Scenarios = new ScenarioList([new Scenario(scenario ?? "", new LoadSettings
            {
                Batching = Accepted(batching),
                Operations = operation.Operations,
                Workload = workload?.Name,
                KeySpace = operation.KeySpace,
                Preload = operation.Preload,
                Query = operation.Query,
                KeyDistribution = operation.KeyDistribution,
                EntitySize = sample is null ? Accepted(entitySize) : template!.PayloadBytes,
                Properties = sample?.Properties.Count ?? Accepted(properties),
                Entity = sample,
                Partitions = partitions!,
                KeyPrefix = keyPrefix,
                Model = model!,
                Batches = batches,
            })]),
            GivenKeyPrefix = prefix,
            Processes = Accepted(processes),
            PerProcess = parse.GetValue(options.PerProcess),
            Duration = model!.MeasuredTime(Accepted(duration)),
            Warmup = Accepted(warmup),
            Timeout = Accepted(timeout),
            Retries = Accepted(retries),
            RunId = runId,
            OutputDirectory = output,
            Instance = Accepted(instance),
            StartAt = startAt,
            SharedRun = givenRunId is not null,
            Label = parse.GetValue(options.Label) ?? "",
            Verify = parse.GetValue(options.Verify),
            AllowExistingTable = parse.GetValue(options.AllowExistingTable),
            WriteBatchLog = !parse.GetValue(options.NoBatchLog),
            BatchLogBuffer = Accepted(batchLogBuffer),
            Quiet = parse.GetValue(options.Quiet),
            Client = client,
            Runtime = runtime,
            SdkDiagnostics = sdkDiagnostics,
            OtlpEndpoint = otlpEndpoint,
            ServiceLog = serviceLog,
            Gates = new GateSettings(failIf, abortIf),
            JunitPath = junit,
            MaxPreload = maxPreload ?? RunOptions.DefaultMaxPreload,
            ServiceMetrics = serviceMetrics,
        };

        // Judged on the whole load, once every option is: a run of scenarios judges the sum of theirs (ScenarioSettingsFactory).
        if (scenario is null && PreloadBound.Refusal(settings) is { } tooLarge)
        {
            throw new UsageException(tooLarge);
        }

        return settings;
    }

    // Only reached once every fault was said, so a value refused never gets here.
    private static T Accepted<T>(T? value)
        where T : struct => value ?? throw new InvalidOperationException("A refused option reached the settings.");

    /// <summary>Every property needs a byte, and none may hold more than 64 KiB.</summary>
    private static bool CheckEntityShape(UsageErrors errors, int entitySize, int properties)
    {
        if (!errors.Require(entitySize >= properties, $"--entity-size ({entitySize}) must be at least --properties ({properties}): every property needs one byte."))
        {
            return false;
        }

        var largestProperty = (entitySize / properties) + (entitySize % properties == 0 ? 0 : 1);
        return errors.Require(largestProperty <= EntityTemplate.MaxPropertyBytes, $"--entity-size {entitySize} over {properties} properties makes properties of {largestProperty} bytes; a property holds at most {EntityTemplate.MaxPropertyBytes} bytes (64 KiB), so raise --properties.");
    }

    /// <summary>The target and the credential its requests are authorised with; throws at its first fault, which the one pass lists.</summary>
    private static StorageTarget Target(ParseResult parse, RunOptions options, Func<string, string?> environment)
    {
        StorageTarget target;
        if (parse.GetValue(options.Endpoint) is { } endpointText)
        {
            Usage.Require(parse.GetValue(options.ConnectionString) is null, "Give either --connection-string or --endpoint, not both.");
            Usage.Require(Uri.TryCreate(endpointText.TrimEnd('/'), UriKind.Absolute, out var endpoint) && endpoint.Scheme is "http" or "https" && string.IsNullOrEmpty(endpoint.Query),
                "--endpoint must be an http or https address without a query string (give the SAS with --sas).");
            var account = ConnectionStringParser.AccountNameFromEndpoint(endpoint!);
            var auth = parse.GetValue(options.Auth)?.ToLowerInvariant();
            Usage.Require(auth != "entra" || endpoint!.Scheme == Uri.UriSchemeHttps, "--auth entra needs an https --endpoint: Microsoft Entra tokens are only sent over TLS.");
            var storageAuth = auth switch
            {
                "entra" => StorageAuth.Entra,
                "sas" => StorageAuth.Sas(parse.GetValue(options.Sas) ?? environment(SecretVariables.Sas)
                    ?? throw new UsageException($"--endpoint needs --sas TOKEN (or ${SecretVariables.Sas}), or --auth entra.")),
                _ => throw new UsageException($"--auth must be sas or entra, not '{parse.GetValue(options.Auth)}'."),
            };
            target = new StorageTarget(endpoint!, account, storageAuth) { BlobEndpoint = ConnectionStringParser.BlobEndpointBeside(endpoint!) };
        }
        else
        {
            Usage.Require(parse.GetValue(options.Sas) is null, "--sas goes with --endpoint; a connection string carries its own SharedAccessSignature.");
            target = parse.GetValue(options.ConnectionString) is { } given
                ? ParseTarget(given, options.ConnectionString.Name)
                : ParseTarget(environment(SecretVariables.ConnectionString), "$" + SecretVariables.ConnectionString);
        }

        var confirmed = parse.GetValue(options.Account);
        if (!target.IsLoopback)
        {
            Usage.Require(confirmed is not null, $"The endpoint {target.TableEndpoint.Host} is not on this machine: confirm the account to load with --account {target.AccountName}.");
        }

        Usage.Require(confirmed is null || confirmed.Equals(target.AccountName, StringComparison.OrdinalIgnoreCase),
            $"--account '{confirmed}' does not match the endpoint's account '{target.AccountName}'.");
        return target;
    }

    private static StorageTarget ParseTarget(string? connectionString, string source)
    {
        try
        {
            return ConnectionStringParser.Parse(connectionString ?? ConnectionStringParser.DevelopmentConnectionString);
        }
        catch (FormatException ex)
        {
            // The parser's sentences start with "The connection string"; say which one.
            throw new UsageException($"{source}: {ex.Message}");
        }
    }

    private static void CheckKeyPrefix(UsageErrors errors, Option option, string prefix)
    {
        if (errors.Require(option, prefix.Length is > 0 and <= MaxKeyPrefixLength, $"--key-prefix must have 1 to {MaxKeyPrefixLength} characters."))
        {
            errors.Require(option, !prefix.Any(c => c is '/' or '\\' or '#' or '?' || char.IsControl(c)),
                "--key-prefix may not contain '/', '\\', '#', '?' or control characters (the service refuses them in keys).");
        }
    }

    private static DateTimeOffset? StartAt(UsageErrors errors, Option option, string? text, DateTimeOffset now)
    {
        if (text is null)
        {
            return null;
        }

        if (!errors.Require(option, DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var start),
            $"--start-at '{text}' is not a UTC time such as 2026-11-21T10:00:00Z."))
        {
            return null;
        }

        var soonEnough = errors.Require(option, start < now.AddDays(1), "--start-at must be within the next 24 hours.");
        var lateEnough = errors.Require(option, start >= now - StartAtTolerance,
            $"--start-at {text} is {Past(now - start)} in the past, so the instances would not start together; give a time ahead of every instance's start.");
        return soonEnough && lateEnough ? start : null;
    }

    private static string Past(TimeSpan ago) => ago.TotalMinutes < 2
        ? string.Create(CultureInfo.InvariantCulture, $"{ago.TotalSeconds:0} s")
        : ago.TotalHours < 2
            ? string.Create(CultureInfo.InvariantCulture, $"{ago.TotalMinutes:0} min")
            : string.Create(CultureInfo.InvariantCulture, $"{ago.TotalHours:0} h");
}
