using System.Globalization;
using Microsoft.Diagnostics.Tracing.Etlx;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace TableLoad.Bench.Profile;

/// <summary>
/// Reads a dotnet-trace file of a TableLoad or floor run and prints where allocations come from:
/// bytes by type and by the first TableLoad (or floor) frame on the stack, from AllocationTick samples
/// (one event per ~100 KB allocated, so the shares are estimates). Collect with
/// <c>dotnet-trace collect --profile gc-verbose -- dotnet tableload.dll run ...</c>.
/// </summary>
internal static class TraceReport
{
    public static int Run(string path, int top, double batches, TextWriter output)
    {
        var etlx = TraceLog.CreateFromEventPipeDataFile(path);
        using var log = new TraceLog(etlx);
        var byType = new Dictionary<string, double>(StringComparer.Ordinal);
        var byFrame = new Dictionary<string, double>(StringComparer.Ordinal);
        var byStack = new Dictionary<string, double>(StringComparer.Ordinal);
        double total = 0;
        foreach (var data in log.Events)
        {
            if (data is not GCAllocationTickTraceData tick)
            {
                continue;
            }

            double bytes = tick.AllocationAmount64;
            total += bytes;
            Add(byType, tick.TypeName ?? "?", bytes);
            Add(byFrame, FirstOwnFrame(data.CallStack()), bytes);
            Add(byStack, (tick.TypeName ?? "?") + " <- " + TopFrames(data.CallStack(), 6), bytes);
        }

        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"sampled allocations: {total / 1048576.0:F1} MiB") +
            (batches > 0 ? string.Create(CultureInfo.InvariantCulture, $" over {batches:N0} batches, {total / batches:N0} bytes per batch") : ""));
        Print(output, "by type", byType, total, batches, top);
        Print(output, "by nearest TableLoad frame (else the outermost System.Net.Http frame)", byFrame, total, batches, top);
        Print(output, "by type and innermost frames", byStack, total, batches, top, width: 1000);
        return 0;
    }

    private static string FirstOwnFrame(TraceCallStack? stack)
    {
        string? http = null;
        string? first = null;
        for (var frame = stack; frame is not null; frame = frame.Caller)
        {
            var method = frame.CodeAddress.FullMethodName;
            if (string.IsNullOrEmpty(method))
            {
                continue;
            }

            first ??= method;
            if (method.StartsWith("TableLoad.", StringComparison.Ordinal))
            {
                return method;
            }

            if (method.StartsWith("System.Net.Http.", StringComparison.Ordinal))
            {
                http = method;
            }
        }

        return http ?? first ?? "?";
    }

    private static string TopFrames(TraceCallStack? stack, int count)
    {
        var frames = new List<string>(count);
        for (var frame = stack; frame is not null && frames.Count < count; frame = frame.Caller)
        {
            var method = frame.CodeAddress.FullMethodName;
            if (!string.IsNullOrEmpty(method))
            {
                frames.Add(method.Length > 90 ? method[..90] : method);
            }
        }

        return string.Join("\n        <- ", frames);
    }

    private static void Add(Dictionary<string, double> into, string key, double bytes) =>
        into[key] = into.GetValueOrDefault(key) + bytes;

    // With the run's batch count, each row also shows its bytes per batch.
    private static void Print(TextWriter output, string title, Dictionary<string, double> shares, double total, double batches, int top, int width = 150)
    {
        output.WriteLine();
        output.WriteLine(title);
        foreach (var (name, bytes) in shares.OrderByDescending(p => p.Value).Take(top))
        {
            var shown = name.Length > width ? name[..width] : name;
            var perBatch = batches > 0 ? string.Create(CultureInfo.InvariantCulture, $"{bytes / batches,11:N0} B/batch  ") : "";
            output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {100 * bytes / total,5:F1}%  {bytes / 1048576.0,8:F1} MiB  {perBatch}{shown}"));
        }
    }
}
