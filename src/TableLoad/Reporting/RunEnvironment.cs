using System.Reflection;
using System.Runtime;
using System.Runtime.InteropServices;

namespace TableLoad.Reporting;

/// <summary>run.json's <c>environment</c>: the machine, runtime, package versions and thread settings a run was made with.</summary>
internal sealed record RunEnvironment
{
    public string AzureCoreVersion { get; init; } = "";

    public string AzureDataTablesVersion { get; init; } = "";

    public bool ConcurrentGc { get; init; }

    public int MaxConnectionsPerServer { get; init; }

    public int MinIoThreads { get; init; }

    public int MinWorkerThreads { get; init; }

    public string Os { get; init; } = "";

    public string PollyVersion { get; init; } = "";

    public int ProcessorCount { get; init; }

    public string Runtime { get; init; } = "";

    public bool ServerGc { get; init; }

    public string ServiceVersion { get; init; } = "";

    public string SystemCommandlineVersion { get; init; } = "";

    public string TableloadVersion { get; init; } = "";

    public static RunEnvironment Current(int maxConnections)
    {
        ThreadPool.GetMinThreads(out var minWorkers, out var minIo);
        return new RunEnvironment
        {
            Os = RuntimeInformation.OSDescription,
            Runtime = RuntimeInformation.FrameworkDescription,
            ProcessorCount = Environment.ProcessorCount,
            ServerGc = GCSettings.IsServerGC,
            ConcurrentGc = GCSettings.LatencyMode != GCLatencyMode.Batch,
            TableloadVersion = Version(typeof(RunEnvironment).Assembly),
            PollyVersion = Version(typeof(Polly.ResiliencePipeline).Assembly),
            SystemCommandlineVersion = Version(typeof(System.CommandLine.RootCommand).Assembly),
            AzureDataTablesVersion = Version(typeof(Azure.Data.Tables.TableClient).Assembly),
            AzureCoreVersion = Version(typeof(Azure.Core.Pipeline.HttpPipelinePolicy).Assembly),
            MaxConnectionsPerServer = maxConnections,
            MinWorkerThreads = minWorkers,
            MinIoThreads = minIo,
            ServiceVersion = Storage.Wire.WireBatchClient.ServiceVersion,
        };
    }

    public static string Version(Assembly assembly) =>
        assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0]
        ?? assembly.GetName().Version?.ToString() ?? "unknown";
}
