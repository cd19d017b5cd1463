using System.Reflection;
using System.Runtime;
using System.Runtime.InteropServices;
using TableLoad.Engine;
using TableLoad.Storage;

namespace TableLoad.Reporting;

/// <summary>The content of run.json: how the run was made. Holds no key, signature or token.</summary>
internal sealed record RunDescription(
    string RunId,
    string Label,
    int Instance,
    DateTimeOffset StartedUtc,
    DateTimeOffset? EndedUtc,
    DateTimeOffset MeasuredFromUtc,
    IReadOnlyDictionary<string, object?> Options,
    IReadOnlyDictionary<string, object?> Environment)
{
    public static RunDescription Create(RunSettings s, DateTimeOffset started, DateTimeOffset? ended)
    {
        var measuredFrom = DateTimeOffset.FromUnixTimeSeconds(
            Measurement.RunTimeline.Create(started.ToUnixTimeMilliseconds() * 1000, s.Warmup, s.Duration).WarmupEndEpochSecond);
        var options = new SortedDictionary<string, object?>(StringComparer.Ordinal)
        {
            ["account"] = s.Target.AccountName,
            ["endpoint"] = s.Target.TableEndpoint.GetLeftPart(UriPartial.Path),
            ["table"] = s.Table,
            ["keep_table"] = s.KeepTable,
            ["batch_size"] = s.BatchSize,
            ["entity_size"] = s.EntitySize,
            ["properties"] = s.Properties,
            ["partitions"] = s.Partitions.ToString(),
            ["key_prefix"] = s.KeyPrefix,
            ["tasks"] = s.Tasks,
            ["processes"] = s.Processes,
            ["rate"] = s.Rate,
            ["duration_s"] = s.Duration.TotalSeconds,
            ["batches"] = s.Batches,
            ["warmup_s"] = s.Warmup.TotalSeconds,
            ["timeout_s"] = s.Timeout.TotalSeconds,
            ["retries"] = s.Retries,
            ["output"] = s.OutputDirectory,
            ["verify"] = s.Verify,
            ["start_at"] = s.StartAt,
            ["shared_run"] = s.SharedRun,
            ["batch_log"] = s.WriteBatchLog,
            ["client"] = s.Client.ToName(),
            ["sdk_diagnostics"] = s.SdkDiagnostics,
        };

        ThreadPool.GetMinThreads(out var minWorkers, out var minIo);
        var environment = new SortedDictionary<string, object?>(StringComparer.Ordinal)
        {
            ["os"] = RuntimeInformation.OSDescription,
            ["runtime"] = RuntimeInformation.FrameworkDescription,
            ["processor_count"] = System.Environment.ProcessorCount,
            ["server_gc"] = GCSettings.IsServerGC,
            ["concurrent_gc"] = GCSettings.LatencyMode != GCLatencyMode.Batch,
            ["tableload_version"] = Version(typeof(RunDescription).Assembly),
            ["polly_version"] = Version(typeof(Polly.ResiliencePipeline).Assembly),
            ["system_commandline_version"] = Version(typeof(System.CommandLine.RootCommand).Assembly),
            ["azure_data_tables_version"] = Version(typeof(Azure.Data.Tables.TableClient).Assembly),
            ["azure_core_version"] = Version(typeof(Azure.Core.Pipeline.HttpPipelinePolicy).Assembly),
            ["max_connections_per_server"] = s.MaxConnections,
            ["min_worker_threads"] = minWorkers,
            ["min_io_threads"] = minIo,
            ["service_version"] = Storage.Wire.WireBatchClient.ServiceVersion,
        };

        return new RunDescription(s.RunId, s.Label, s.Instance, started, ended, measuredFrom, options, environment);
    }

    private static string Version(Assembly assembly) =>
        assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0]
        ?? assembly.GetName().Version?.ToString() ?? "unknown";
}
