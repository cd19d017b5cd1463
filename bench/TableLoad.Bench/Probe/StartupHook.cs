using System.Diagnostics;
using System.Globalization;
using System.Text;

/// <summary>
/// A .NET startup hook (DOTNET_STARTUP_HOOKS=TableLoad.Bench.dll) that measures any process it is loaded
/// into without changing it: RSS, managed heap, GC-committed bytes and methods compiled once a second, and at exit the bytes allocated, peak RSS and CPU, written
/// as one JSON object to the file named by TABLELOAD_BENCH_PROBE, with RSS samples once a second and CPU
/// samples ten times a second (so a window of the run can be costed). The runtime finds it by this exact name.
/// </summary>
#pragma warning disable CA1050 // A startup hook must live outside any namespace.
internal static class StartupHook
#pragma warning restore CA1050
{
    private static readonly List<long> RssSamples = [];
    private static readonly List<long> HeapSamples = [];
    private static readonly List<long> CommittedSamples = [];
    private static readonly List<long> JitMethodSamples = [];
    private static readonly List<(long UnixMs, double CpuSeconds)> CpuSamples = [];
    private static Timer? _sampler;
    private static int _ticks;

    public static void Initialize()
    {
        var path = Environment.GetEnvironmentVariable("TABLELOAD_BENCH_PROBE");
        if (string.IsNullOrEmpty(path))
        {
            return;
        }

        var self = Process.GetCurrentProcess();
        _sampler = new Timer(_ => Sample(self), null, TimeSpan.Zero, TimeSpan.FromMilliseconds(100));
        AppDomain.CurrentDomain.ProcessExit += (_, _) =>
        {
            Sample(self);
            Write(path);
        };
    }

    private static void Sample(Process self)
    {
        lock (RssSamples)
        {
            self.Refresh();
            CpuSamples.Add((DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(), self.TotalProcessorTime.TotalSeconds));
            if (++_ticks % 10 == 0)
            {
                RssSamples.Add(Environment.WorkingSet);
                HeapSamples.Add(GC.GetTotalMemory(forceFullCollection: false));
                CommittedSamples.Add(GC.GetGCMemoryInfo().TotalCommittedBytes);
                JitMethodSamples.Add(System.Runtime.JitInfo.GetCompiledMethodCount());
            }
        }
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
            json.Append(",\"rss_samples_bytes\":[").AppendJoin(',', RssSamples).Append(']');
            json.Append(",\"managed_heap_samples_bytes\":[").AppendJoin(',', HeapSamples).Append(']');
            json.Append(",\"gc_committed_samples_bytes\":[").AppendJoin(',', CommittedSamples).Append(']');
            json.Append(",\"jit_methods_samples\":[").AppendJoin(',', JitMethodSamples).Append(']');
            json.Append(",\"cpu_samples\":[").AppendJoin(',', CpuSamples.Select(c => string.Create(CultureInfo.InvariantCulture, $"[{c.UnixMs},{c.CpuSeconds:R}]"))).Append("]}");
        }

        File.WriteAllText(path, json.ToString());
    }
}
