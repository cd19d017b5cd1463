using System.Reflection;
using System.Runtime.InteropServices;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>run.json's <c>environment</c>: the machine, runtime, package versions, and the runtime settings of the processes that sent the load.</summary>
internal sealed record RunEnvironment
{
    public string AzureCoreVersion { get; init; } = "";

    public string AzureDataTablesVersion { get; init; } = "";

    public int MaxConnectionsPerServer { get; init; }

    public string Os { get; init; } = "";

    public string PollyVersion { get; init; } = "";

    public int ProcessorCount { get; init; }

    public string Runtime { get; init; } = "";

    /// <summary>The runtime settings in effect in each process that sent the load, in process order (p0, p1, ...).</summary>
    public IReadOnlyList<RuntimeSettings> RuntimeSettings { get; init; } = [];

    public string ServiceVersion { get; init; } = "";

    public string SystemCommandlineVersion { get; init; } = "";

    public string TableloadVersion { get; init; } = "";

    public static RunEnvironment Current(int maxConnections, IReadOnlyList<RuntimeSettings> loadProcesses)
    {
        return new RunEnvironment
        {
            Os = RuntimeInformation.OSDescription,
            Runtime = RuntimeInformation.FrameworkDescription,
            ProcessorCount = Environment.ProcessorCount,
            TableloadVersion = Version(typeof(RunEnvironment).Assembly),
            PollyVersion = Version(typeof(Polly.ResiliencePipeline).Assembly),
            SystemCommandlineVersion = Version(typeof(System.CommandLine.RootCommand).Assembly),
            AzureDataTablesVersion = Version(typeof(Azure.Data.Tables.TableClient).Assembly),
            AzureCoreVersion = Version(typeof(Azure.Core.Pipeline.HttpPipelinePolicy).Assembly),
            MaxConnectionsPerServer = maxConnections,
            RuntimeSettings = loadProcesses,
            ServiceVersion = Storage.Wire.WireBatchClient.ServiceVersion,
        };
    }

    public static string Version(Assembly assembly) =>
        assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0]
        ?? assembly.GetName().Version?.ToString() ?? "unknown";
}
