using System.Diagnostics;
using System.Globalization;
using System.Text;

/// <summary>
/// A .NET startup hook (DOTNET_STARTUP_HOOKS=TableLoad.Bench.dll) that measures any process it is loaded
/// into without changing it: RSS once a second, and at exit the bytes allocated, peak RSS and CPU, written
/// as one JSON object to the file named by TABLELOAD_BENCH_PROBE. The runtime finds it by this exact name.
/// </summary>
#pragma warning disable CA1050 // A startup hook must live outside any namespace.
internal static class StartupHook
#pragma warning restore CA1050
{
    private static readonly List<long> RssSamples = [];
    private static Timer? _sampler;

    public static void Initialize()
    {
        var path = Environment.GetEnvironmentVariable("TABLELOAD_BENCH_PROBE");
        if (string.IsNullOrEmpty(path))
        {
            return;
        }

        _sampler = new Timer(static _ => { lock (RssSamples) { RssSamples.Add(Environment.WorkingSet); } }, null, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(1));
        AppDomain.CurrentDomain.ProcessExit += (_, _) => Write(path);
    }

    private static void Write(string path)
    {
        _sampler?.Dispose();
        using var process = Process.GetCurrentProcess();
        var json = new StringBuilder();
        json.Append(CultureInfo.InvariantCulture, $"{{\"allocated_bytes\":{GC.GetTotalAllocatedBytes(precise: true)}");
        json.Append(CultureInfo.InvariantCulture, $",\"peak_rss_bytes\":{process.PeakWorkingSet64}");
        json.Append(CultureInfo.InvariantCulture, $",\"user_cpu_seconds\":{process.UserProcessorTime.TotalSeconds}");
        json.Append(CultureInfo.InvariantCulture, $",\"system_cpu_seconds\":{process.PrivilegedProcessorTime.TotalSeconds}");
        json.Append(CultureInfo.InvariantCulture, $",\"gc_gen0\":{GC.CollectionCount(0)},\"gc_gen1\":{GC.CollectionCount(1)},\"gc_gen2\":{GC.CollectionCount(2)}");
        lock (RssSamples)
        {
            json.Append(",\"rss_samples_bytes\":[").AppendJoin(',', RssSamples).Append("]}");
        }

        File.WriteAllText(path, json.ToString());
    }
}
