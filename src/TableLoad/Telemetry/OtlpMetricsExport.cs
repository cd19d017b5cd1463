using Microsoft.Extensions.Logging;
using OpenTelemetry;
using OpenTelemetry.Exporter;
using OpenTelemetry.Metrics;
using OpenTelemetry.Resources;

namespace TableLoad.Telemetry;

/// <summary>
/// Sends the <c>TableLoad</c> meter to an OpenTelemetry collector over OTLP when the standard
/// <c>OTEL_EXPORTER_OTLP_*</c> variables or <c>--otlp-endpoint</c> ask for it. Every load process
/// exports its own series; a failed export is counted and said once, and never touches the run.
/// </summary>
internal sealed class OtlpMetricsExport : IDisposable
{
    public const string EndpointVariable = "OTEL_EXPORTER_OTLP_ENDPOINT";
    public const string IntervalVariable = "OTEL_METRIC_EXPORT_INTERVAL";

    // Shorter than the specification's 60 s: a load test's dashboard is watched while it runs.
    private const int DefaultIntervalMilliseconds = 10_000;

    // The last export at the end of a run may wait this long for the collector, no longer.
    private const int ShutdownMilliseconds = 3_000;

    private readonly MeterProvider _provider;
    private readonly CountingOtlpExporter _exporter;
    private readonly ILogger _log;

    private OtlpMetricsExport(MeterProvider provider, CountingOtlpExporter exporter, ILogger log)
    {
        _provider = provider;
        _exporter = exporter;
        _log = log;
    }

    /// <summary>Starts exporting, or returns null when neither the flag nor the environment names an endpoint.</summary>
    public static OtlpMetricsExport? Start(Uri? endpoint, Func<string, string?> environment, ILogger log)
    {
        if (endpoint is null && string.IsNullOrWhiteSpace(environment(EndpointVariable)))
        {
            return null;
        }

        var options = new OtlpExporterOptions();
        if (endpoint is not null)
        {
            // A flag's endpoint is the collector's base address, as the environment variable's is.
            options.Endpoint = options.Protocol == OtlpExportProtocol.HttpProtobuf
                ? new Uri(endpoint.AbsoluteUri.TrimEnd('/') + "/v1/metrics")
                : endpoint;
        }

        var exporter = new CountingOtlpExporter(options, log);
        var reader = new PeriodicExportingMetricReader(exporter, Interval(environment));
        var resource = ResourceBuilder.CreateDefault();
        if (string.IsNullOrWhiteSpace(environment("OTEL_SERVICE_NAME")) && environment("OTEL_RESOURCE_ATTRIBUTES")?.Contains("service.name", StringComparison.Ordinal) != true)
        {
            resource.AddService("tableload");
        }

        var provider = Sdk.CreateMeterProviderBuilder()
            .SetResourceBuilder(resource)
            .AddMeter(RunMetrics.MeterName)
            .AddReader(reader)
            .Build();
        return new OtlpMetricsExport(provider, exporter, log);
    }

    private static int Interval(Func<string, string?> environment) =>
        int.TryParse(environment(IntervalVariable), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var ms) && ms > 0
            ? ms
            : DefaultIntervalMilliseconds;

    /// <summary>Sends the last values (bounded in time) and says how many exports failed, if any did.</summary>
    public void Dispose()
    {
        _provider.Shutdown(ShutdownMilliseconds);
        _provider.Dispose();
        if (_exporter.Failures > 0)
        {
            _log.LogWarning("{Sentence}", $"OTLP metric export: {_exporter.Failures} of {_exporter.Exports} exports failed.");
        }
    }

    /// <summary>The OTLP exporter, counting what it could not deliver.</summary>
    private sealed class CountingOtlpExporter(OtlpExporterOptions options, ILogger log) : OtlpMetricExporter(options)
    {
        private int _exports;
        private int _failures;

        public int Exports => Volatile.Read(ref _exports);

        public int Failures => Volatile.Read(ref _failures);

        public override ExportResult Export(in Batch<Metric> metrics)
        {
            ExportResult result;
            try
            {
                result = base.Export(metrics);
            }
            catch (Exception)
            {
                // Whatever the exporter throws stays here: metrics are never worth a failed load test.
                result = ExportResult.Failure;
            }

            Interlocked.Increment(ref _exports);
            if (result != ExportResult.Success && Interlocked.Increment(ref _failures) == 1)
            {
                log.LogWarning("{Sentence}", "OTLP metric export failed (collector refused or unreachable); the run goes on, and later failures are only counted.");
            }

            return result;
        }
    }
}
