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

    public static RunSettings Create(ParseResult parse, RunOptions o, DateTimeOffset now, Func<string, string?> environment)
    {
        Require(ClientKindNames.TryParse(parse.GetValue(o.Client), out var client), $"--client must be sdk or wire, not '{parse.GetValue(o.Client)}'.");
        var sdkDiagnostics = parse.GetValue(o.SdkDiagnostics);
        var otlpText = parse.GetValue(o.OtlpEndpoint);
        Uri? otlpEndpoint = null;
        Require(otlpText is null || (Uri.TryCreate(otlpText, UriKind.Absolute, out otlpEndpoint) && otlpEndpoint.Scheme is "http" or "https"),
            $"--otlp-endpoint must be an http or https address such as http://localhost:4317, not '{otlpText}'.");
        Require(!sdkDiagnostics || client == ClientKind.Sdk, "--sdk-diagnostics goes with --client sdk.");
        var batchSize = parse.GetValue(o.BatchSize);
        Require(batchSize is >= 1 and <= MaxBatchOperations, $"--batch-size must be between 1 and {MaxBatchOperations} (a batch holds at most {MaxBatchOperations} operations), not {batchSize}.");

        var tasks = parse.GetValue(o.Tasks);
        Require(tasks is >= 1 and <= 10_000, $"--tasks must be between 1 and 10000, not {tasks}.");

        var batchLogBuffer = parse.GetValue(o.BatchLogBuffer);
        Require(batchLogBuffer is >= 1 and <= 10_000_000, $"--batch-log-buffer must be between 1 and 10000000 rows, not {batchLogBuffer}.");

        var processes = parse.GetValue(o.Processes);
        Require(processes is >= 1 and <= 64, $"--processes must be between 1 and 64, not {processes}.");
        var rate = parse.GetValue(o.Rate);
        Require(rate is null || (rate > 0 && double.IsFinite(rate.Value)), "--rate must be a positive number of entities per second.");

        var properties = parse.GetValue(o.Properties);
        Require(properties is >= 1 and < EntityTemplate.MaxCustomProperties, $"--properties must be between 1 and {EntityTemplate.MaxCustomProperties - 1} (an entity holds at most {EntityTemplate.MaxCustomProperties} custom properties, one of them TableLoad's batch nonce), not {properties}.");

        var entitySize = parse.GetValue(o.EntitySize);
        Require(entitySize >= properties, $"--entity-size ({entitySize}) must be at least --properties ({properties}): every property needs one byte.");
        var largestProperty = (entitySize / properties) + (entitySize % properties == 0 ? 0 : 1);
        Require(largestProperty <= EntityTemplate.MaxPropertyBytes, $"--entity-size {entitySize} over {properties} properties makes properties of {largestProperty} bytes; a property holds at most {EntityTemplate.MaxPropertyBytes} bytes (64 KiB), so raise --properties.");

        var partitions = PartitionStrategy.TryParse(parse.GetValue(o.Partitions) ?? "")
            ?? throw new UsageException($"--partitions must be single, per-task or spread:N with N from 1 to 1000000, not '{parse.GetValue(o.Partitions)}'.");

        var prefix = parse.GetValue(o.KeyPrefix) ?? "";
        ValidateKeyPrefix(prefix);

        var duration = ParseDuration(parse.GetValue(o.Duration), "--duration");
        Require(duration > TimeSpan.Zero, "--duration must be greater than zero.");
        Require(duration <= MaxDuration, $"--duration may be at most {MaxDuration.TotalDays:0} days.");
        var warmup = ParseDuration(parse.GetValue(o.Warmup), "--warmup");
        var timeout = ParseDuration(parse.GetValue(o.Timeout), "--timeout");
        Require(timeout >= MinTimeout && timeout <= MaxTimeout, "--timeout must be between 10ms and 24h (the limits of the per-attempt timeout).");
        var batches = parse.GetValue(o.Batches);
        Require(batches is null or > 0, "--batches must be greater than zero.");
        var retries = parse.GetValue(o.Retries);
        Require(retries is >= 0 and <= 100, $"--retries must be between 0 and 100, not {retries}.");

        var instance = parse.GetValue(o.Instance);
        Require(instance is >= 0 and <= 999, $"--instance must be between 0 and 999, not {instance}.");
        var givenRunId = parse.GetValue(o.RunId);
        Require(givenRunId is null || RunIdPattern().IsMatch(givenRunId), $"--run-id '{givenRunId}' must be 1 to 40 letters, digits, '-' or '_'.");
        DateTimeOffset? startAt = null;
        if (parse.GetValue(o.StartAt) is { } startText)
        {
            Require(DateTimeOffset.TryParse(startText, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var parsedStart),
                $"--start-at '{startText}' is not a UTC time such as 2026-11-21T10:00:00Z.");
            Require(parsedStart < now.AddDays(1), "--start-at must be within the next 24 hours.");
            Require(parsedStart >= now - StartAtTolerance,
                $"--start-at {startText} is {Past(now - parsedStart)} in the past, so the instances would not start together; give a time ahead of every instance's start.");
            startAt = parsedStart;
        }

        var table = parse.GetValue(o.Table);
        table ??= givenRunId is null
            ? "tableload" + now.UtcDateTime.ToString("yyyyMMddHHmmss", CultureInfo.InvariantCulture)
            : TableNameFor(givenRunId);
        Require(TableNamePattern().IsMatch(table) && !table.Equals("tables", StringComparison.OrdinalIgnoreCase),
            $"--table '{table}' is not a valid table name: use 3 to 63 letters and digits, starting with a letter.");

        var target = Target(parse, o, environment);
        var maxEntities = parse.GetValue(o.MaxEntities);
        Require(maxEntities is null || maxEntities >= batchSize, $"--max-entities must be at least --batch-size ({batchSize}).");
        if (maxEntities is { } cap)
        {
            batches = Math.Min(batches ?? long.MaxValue, cap / batchSize);
        }
        var template = EntityTemplate.Create(entitySize, properties);
        ValidateEntityAndBatch(template, prefix, batchSize, target, table);

        var runId = givenRunId ?? now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture) + "-" + Convert.ToHexStringLower(BitConverter.GetBytes(Random.Shared.Next()))[..4];
        var defaultOutput = parse.GetResult(o.Instance) is { Implicit: false }
            ? Path.Combine("results", runId, string.Create(CultureInfo.InvariantCulture, $"instance-{instance}"))
            : Path.Combine("results", runId);
        return new RunSettings
        {
            Target = target,
            Table = table,
            KeepTable = parse.GetValue(o.KeepTable),
            BatchSize = batchSize,
            EntitySize = entitySize,
            Properties = properties,
            Partitions = partitions,
            KeyPrefix = prefix,
            Tasks = tasks,
            Processes = processes,
            PerProcess = parse.GetValue(o.PerProcess),
            Rate = rate,
            Duration = duration,
            Batches = batches,
            Warmup = warmup,
            Timeout = timeout,
            Retries = retries,
            RunId = runId,
            OutputDirectory = parse.GetValue(o.Output) ?? defaultOutput,
            Instance = instance,
            StartAt = startAt,
            SharedRun = givenRunId is not null,
            Label = parse.GetValue(o.Label) ?? "",
            Verify = parse.GetValue(o.Verify),
            AllowExistingTable = parse.GetValue(o.AllowExistingTable),
            WriteBatchLog = !parse.GetValue(o.NoBatchLog),
            BatchLogBuffer = batchLogBuffer,
            Quiet = parse.GetValue(o.Quiet),
            Client = client,
            SdkDiagnostics = sdkDiagnostics,
            OtlpEndpoint = otlpEndpoint,
        };
    }

    private static StorageTarget Target(ParseResult parse, RunOptions o, Func<string, string?> environment)
    {
        StorageTarget target;
        if (parse.GetValue(o.Endpoint) is { } endpointText)
        {
            Require(parse.GetValue(o.ConnectionString) is null, "Give either --connection-string or --endpoint, not both.");
            Require(Uri.TryCreate(endpointText.TrimEnd('/'), UriKind.Absolute, out var endpoint) && endpoint.Scheme is "http" or "https" && string.IsNullOrEmpty(endpoint.Query),
                "--endpoint must be an http or https address without a query string (give the SAS with --sas).");
            var account = ConnectionStringParser.AccountNameFromEndpoint(endpoint!);
            var auth = parse.GetValue(o.Auth)?.ToLowerInvariant();
            Require(auth != "entra" || endpoint!.Scheme == Uri.UriSchemeHttps, "--auth entra needs an https --endpoint: Microsoft Entra tokens are only sent over TLS.");
            IRequestAuthorizer authorizer = auth switch
            {
                "entra" => new BearerTokenAuthorizer(new Azure.Identity.DefaultAzureCredential()),
                "sas" => new SasAuthorizer(parse.GetValue(o.Sas) ?? environment(SecretVariables.Sas)
                    ?? throw new UsageException($"--endpoint needs --sas TOKEN (or ${SecretVariables.Sas}), or --auth entra.")),
                _ => throw new UsageException($"--auth must be sas or entra, not '{parse.GetValue(o.Auth)}'."),
            };
            target = new StorageTarget(endpoint!, account, authorizer);
        }
        else
        {
            Require(parse.GetValue(o.Sas) is null, "--sas goes with --endpoint; a connection string carries its own SharedAccessSignature.");
            target = parse.GetValue(o.ConnectionString) is { } given
                ? ParseTarget(given, o.ConnectionString.Name)
                : ParseTarget(environment(SecretVariables.ConnectionString), "$" + SecretVariables.ConnectionString);
        }

        var confirmed = parse.GetValue(o.Account);
        if (!target.IsLoopback)
        {
            Require(confirmed is not null, $"The endpoint {target.TableEndpoint.Host} is not on this machine: confirm the account to load with --account {target.AccountName}.");
        }

        Require(confirmed is null || confirmed.Equals(target.AccountName, StringComparison.OrdinalIgnoreCase),
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
        Require(prefix.Length is > 0 and <= MaxKeyPrefixLength, $"--key-prefix must have 1 to {MaxKeyPrefixLength} characters.");
        foreach (var c in prefix)
        {
            Require(c is not ('/' or '\\' or '#' or '?') && !char.IsControl(c),
                $"--key-prefix may not contain '/', '\\', '#', '?' or control characters (the service refuses them in keys).");
        }
    }

    private static void ValidateEntityAndBatch(EntityTemplate template, string prefix, int batchSize, StorageTarget target, string table)
    {
        var rowKeyLength = RowKeys.Length(prefix);
        var partitionKeyLength = prefix.Length + 10;
        var entityBytes = EntityTemplate.ServiceSize(template.PropertySizes, partitionKeyLength, rowKeyLength, NonceLength);
        Require(entityBytes <= EntityTemplate.MaxEntityBytes, $"An entity of --entity-size {template.PayloadBytes} takes {entityBytes} bytes in the service, over its 1 MiB ({EntityTemplate.MaxEntityBytes} bytes) limit.");

        var writer = new BatchBodyWriter(template, $"{target.TableEndpoint.AbsoluteUri.TrimEnd('/')}/{table}");
        var body = writer.Write(new string('p', partitionKeyLength), RowKeys.Stem(prefix, 999, 999, 9999, 9_999_999_999), new string('n', NonceLength), batchSize);
        Require(body.Length <= MaxBatchBodyBytes, $"A batch of {batchSize} entities of {template.PayloadBytes} bytes makes a {body.Length}-byte request, over the service's 4 MiB ({MaxBatchBodyBytes} bytes) batch limit; lower --batch-size or --entity-size.");
    }

    private static TimeSpan ParseDuration(string? text, string option)
    {
        if (!DurationParser.TryParse(text, out var duration) || duration < TimeSpan.Zero)
        {
            throw new UsageException($"{option} '{text}' is not a duration; use forms such as 30s, 2m, 1h or hh:mm:ss.");
        }

        return duration;
    }

    private static string Past(TimeSpan ago) => ago.TotalMinutes < 2
        ? string.Create(CultureInfo.InvariantCulture, $"{ago.TotalSeconds:0} s")
        : ago.TotalHours < 2
            ? string.Create(CultureInfo.InvariantCulture, $"{ago.TotalMinutes:0} min")
            : string.Create(CultureInfo.InvariantCulture, $"{ago.TotalHours:0} h");

    private static void Require(bool condition, string message)
    {
        if (!condition)
        {
            throw new UsageException(message);
        }
    }

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
