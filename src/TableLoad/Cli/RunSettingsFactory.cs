using System.CommandLine;
using System.Globalization;
using System.Text.RegularExpressions;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Cli;

/// <summary>
/// Turns parsed options into validated <see cref="RunSettings"/>. Everything the service would refuse
/// is refused here, before any request, with one sentence (a <see cref="UsageException"/>).
/// </summary>
internal static partial class RunSettingsFactory
{
    public const int MaxBatchOperations = 100;
    public const int MaxBatchBodyBytes = 4 * 1024 * 1024;
    public const int MaxKeyPrefixLength = 200;

    // A run id (at most 40 characters), a dot and 8 hex digits.
    private const int NonceLength = 49;
    public static readonly TimeSpan MaxDuration = TimeSpan.FromDays(30);
    public static readonly TimeSpan MinTimeout = TimeSpan.FromMilliseconds(10);
    public static readonly TimeSpan MaxTimeout = TimeSpan.FromHours(24);

    // Instances launched together reach their start a little apart; a later start would not be together.
    public static readonly TimeSpan StartAtTolerance = TimeSpan.FromSeconds(5);

    public static RunSettings Create(ParseResult parse, RunOptions options, DateTimeOffset now, Func<string, string?> environment)
    {
        // Each option on its own first, every fault listed at once; then what depends on several.
        var errors = new UsageErrors();
        errors.Require(ClientKindNames.TryParse(parse.GetValue(options.Client), out var client), $"--client must be sdk or wire, not '{parse.GetValue(options.Client)}'.");
        errors.Require(RuntimeProfiles.TryParse(parse.GetValue(options.Runtime), out var runtime), $"--runtime must be tuned or defaults, not '{parse.GetValue(options.Runtime)}'.");
        var sdkDiagnostics = parse.GetValue(options.SdkDiagnostics);
        var otlpText = parse.GetValue(options.OtlpEndpoint);
        Uri? otlpEndpoint = null;
        errors.Require(otlpText is null || (Uri.TryCreate(otlpText, UriKind.Absolute, out otlpEndpoint) && otlpEndpoint.Scheme is "http" or "https"),
            $"--otlp-endpoint must be an http or https address such as http://localhost:4317, not '{otlpText}'.");
        errors.Require(!sdkDiagnostics || client == ClientKind.Sdk, "--sdk-diagnostics goes with --client sdk.");
        var batchSize = parse.GetValue(options.BatchSize);
        errors.Require(batchSize is >= 1 and <= MaxBatchOperations, $"--batch-size must be between 1 and {MaxBatchOperations} (a batch holds at most {MaxBatchOperations} operations), not {batchSize}.");

        var tasks = parse.GetValue(options.Tasks);
        errors.Require(tasks is >= 1 and <= 10_000, $"--tasks must be between 1 and 10000, not {tasks}.");

        var batchLogBuffer = parse.GetValue(options.BatchLogBuffer);
        errors.Require(batchLogBuffer is >= 1 and <= 10_000_000, $"--batch-log-buffer must be between 1 and 10000000 rows, not {batchLogBuffer}.");

        var processes = parse.GetValue(options.Processes);
        errors.Require(processes is >= 1 and <= 64, $"--processes must be between 1 and 64, not {processes}.");
        var rate = parse.GetValue(options.Rate);
        errors.Require(rate is null || (rate > 0 && double.IsFinite(rate.Value)), "--rate must be a positive number of entities per second.");

        var properties = parse.GetValue(options.Properties);
        errors.Require(properties is >= 1 and < EntityTemplate.MaxCustomProperties, $"--properties must be between 1 and {EntityTemplate.MaxCustomProperties - 1} (an entity holds at most {EntityTemplate.MaxCustomProperties} custom properties, one of them TableLoad's batch nonce), not {properties}.");

        var duration = ParseDuration(errors, parse.GetValue(options.Duration), "--duration", fallback: TimeSpan.FromSeconds(1));
        errors.Require(duration > TimeSpan.Zero, "--duration must be greater than zero.");
        errors.Require(duration <= MaxDuration, $"--duration may be at most {MaxDuration.TotalDays:0} days.");
        var warmup = ParseDuration(errors, parse.GetValue(options.Warmup), "--warmup");
        var timeout = ParseDuration(errors, parse.GetValue(options.Timeout), "--timeout", fallback: MinTimeout);
        errors.Require(timeout >= MinTimeout && timeout <= MaxTimeout, "--timeout must be between 10ms and 24h (the limits of the per-attempt timeout).");
        var batches = parse.GetValue(options.Batches);
        errors.Require(batches is null or > 0, "--batches must be greater than zero.");
        var retries = parse.GetValue(options.Retries);
        errors.Require(retries is >= 0 and <= 100, $"--retries must be between 0 and 100, not {retries}.");

        var instance = parse.GetValue(options.Instance);
        errors.Require(instance is >= 0 and <= 999, $"--instance must be between 0 and 999, not {instance}.");
        var givenRunId = parse.GetValue(options.RunId);
        errors.Require(givenRunId is null || RunIdPattern().IsMatch(givenRunId), $"--run-id '{givenRunId}' must be 1 to 40 letters, digits, '-' or '_'.");
        errors.ThrowIfAny();

        var entitySize = parse.GetValue(options.EntitySize);
        Usage.Require(entitySize >= properties, $"--entity-size ({entitySize}) must be at least --properties ({properties}): every property needs one byte.");
        var largestProperty = (entitySize / properties) + (entitySize % properties == 0 ? 0 : 1);
        Usage.Require(largestProperty <= EntityTemplate.MaxPropertyBytes, $"--entity-size {entitySize} over {properties} properties makes properties of {largestProperty} bytes; a property holds at most {EntityTemplate.MaxPropertyBytes} bytes (64 KiB), so raise --properties.");

        var partitions = PartitionStrategy.TryParse(parse.GetValue(options.Partitions) ?? "")
            ?? throw new UsageException($"--partitions must be single, per-task or spread:N with N from 1 to 1000000, not '{parse.GetValue(options.Partitions)}'.");

        var prefix = parse.GetValue(options.KeyPrefix) ?? "";
        ValidateKeyPrefix(prefix);

        DateTimeOffset? startAt = null;
        if (parse.GetValue(options.StartAt) is { } startText)
        {
            Usage.Require(DateTimeOffset.TryParse(startText, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var parsedStart),
                $"--start-at '{startText}' is not a UTC time such as 2026-11-21T10:00:00Z.");
            Usage.Require(parsedStart < now.AddDays(1), "--start-at must be within the next 24 hours.");
            Usage.Require(parsedStart >= now - StartAtTolerance,
                $"--start-at {startText} is {Past(now - parsedStart)} in the past, so the instances would not start together; give a time ahead of every instance's start.");
            startAt = parsedStart;
        }

        // A run's own id and table share a random part, so two runs started in the same second never share a table.
        var unique = Convert.ToHexStringLower(BitConverter.GetBytes(Random.Shared.Next()))[..4];
        var runId = givenRunId ?? now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture) + "-" + unique;
        var table = parse.GetValue(options.Table);
        table ??= givenRunId is null
            ? "tableload" + now.UtcDateTime.ToString("yyyyMMddHHmmss", CultureInfo.InvariantCulture) + unique
            : TableNameFor(givenRunId);
        Usage.Require(TableNamePattern().IsMatch(table) && !table.Equals("tables", StringComparison.OrdinalIgnoreCase),
            $"--table '{table}' is not a valid table name: use 3 to 63 letters and digits, starting with a letter.");

        var target = Target(parse, options, environment);
        var maxEntities = parse.GetValue(options.MaxEntities);
        Usage.Require(maxEntities is null || maxEntities >= batchSize, $"--max-entities must be at least --batch-size ({batchSize}).");
        if (maxEntities is { } cap)
        {
            batches = Math.Min(batches ?? long.MaxValue, cap / batchSize);
        }
        var template = EntityTemplate.Create(entitySize, properties);
        ValidateEntityAndBatch(template, prefix, batchSize, target, table);

        var defaultOutput = parse.GetResult(options.Instance) is { Implicit: false }
            ? Path.Combine("results", runId, string.Create(CultureInfo.InvariantCulture, $"instance-{instance}"))
            : Path.Combine("results", runId);
        return new RunSettings
        {
            Target = target,
            Table = table,
            KeepTable = parse.GetValue(options.KeepTable),
            BatchSize = batchSize,
            EntitySize = entitySize,
            Properties = properties,
            Partitions = partitions,
            KeyPrefix = prefix,
            Tasks = tasks,
            Processes = processes,
            PerProcess = parse.GetValue(options.PerProcess),
            Rate = rate,
            Duration = duration,
            Batches = batches,
            Warmup = warmup,
            Timeout = timeout,
            Retries = retries,
            RunId = runId,
            OutputDirectory = parse.GetValue(options.Output) ?? defaultOutput,
            Instance = instance,
            StartAt = startAt,
            SharedRun = givenRunId is not null,
            Label = parse.GetValue(options.Label) ?? "",
            Verify = parse.GetValue(options.Verify),
            AllowExistingTable = parse.GetValue(options.AllowExistingTable),
            WriteBatchLog = !parse.GetValue(options.NoBatchLog),
            BatchLogBuffer = batchLogBuffer,
            Quiet = parse.GetValue(options.Quiet),
            Client = client,
            Runtime = runtime,
            SdkDiagnostics = sdkDiagnostics,
            OtlpEndpoint = otlpEndpoint,
        };
    }

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
            target = new StorageTarget(endpoint!, account, storageAuth);
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

    private static void ValidateKeyPrefix(string prefix)
    {
        Usage.Require(prefix.Length is > 0 and <= MaxKeyPrefixLength, $"--key-prefix must have 1 to {MaxKeyPrefixLength} characters.");
        foreach (var c in prefix)
        {
            Usage.Require(c is not ('/' or '\\' or '#' or '?') && !char.IsControl(c),
                $"--key-prefix may not contain '/', '\\', '#', '?' or control characters (the service refuses them in keys).");
        }
    }

    private static void ValidateEntityAndBatch(EntityTemplate template, string prefix, int batchSize, StorageTarget target, string table)
    {
        var rowKeyLength = RowKeys.Length(prefix);
        var partitionKeyLength = prefix.Length + 10;
        var entityBytes = EntityTemplate.ServiceSize(template.PropertySizes, partitionKeyLength, rowKeyLength, NonceLength);
        Usage.Require(entityBytes <= EntityTemplate.MaxEntityBytes, $"An entity of --entity-size {template.PayloadBytes} takes {entityBytes} bytes in the service, over its 1 MiB ({EntityTemplate.MaxEntityBytes} bytes) limit.");

        var writer = new BatchBodyWriter(template, $"{target.TableEndpoint.AbsoluteUri.TrimEnd('/')}/{table}");
        var body = writer.Write(new string('p', partitionKeyLength), RowKeys.Stem(prefix, 999, 999, 9999, 9_999_999_999), new string('n', NonceLength), batchSize);
        Usage.Require(body.Length <= MaxBatchBodyBytes, $"A batch of {batchSize} entities of {template.PayloadBytes} bytes makes a {body.Length}-byte request, over the service's 4 MiB ({MaxBatchBodyBytes} bytes) batch limit; lower --batch-size or --entity-size.");
    }

    /// <summary>The duration an option gives, or <paramref name="fallback"/> with the fault listed.</summary>
    private static TimeSpan ParseDuration(UsageErrors errors, string? text, string option, TimeSpan fallback = default)
    {
        var parsed = DurationParser.TryParse(text, out var duration) && duration >= TimeSpan.Zero;
        errors.Require(parsed, $"{option} '{text}' is not a duration; use forms such as 30s, 2m, 1h or hh:mm:ss.");
        return parsed ? duration : fallback;
    }

    private static string Past(TimeSpan ago) => ago.TotalMinutes < 2
        ? string.Create(CultureInfo.InvariantCulture, $"{ago.TotalSeconds:0} s")
        : ago.TotalHours < 2
            ? string.Create(CultureInfo.InvariantCulture, $"{ago.TotalMinutes:0} min")
            : string.Create(CultureInfo.InvariantCulture, $"{ago.TotalHours:0} h");

    /// <summary>The table every instance of a distributed run shares: "tl" and the run id's letters and digits.</summary>
    public static string TableNameFor(string runId)
    {
        var name = "tl" + new string(runId.Where(char.IsAsciiLetterOrDigit).ToArray());
        return name.Length > 63 ? name[..63] : name.PadRight(3, '0');
    }

    [GeneratedRegex("^[A-Za-z0-9_-]{1,40}$")]
    private static partial Regex RunIdPattern();

    [GeneratedRegex("^[A-Za-z][A-Za-z0-9]{2,62}$")]
    private static partial Regex TableNamePattern();
}
