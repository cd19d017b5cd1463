using System.Reflection;
using System.Runtime.InteropServices;

namespace TableLoad.Sweep;

/// <summary>The content of sweep.json: the knobs, the options and the cells of a sweep. Holds no key or signature.</summary>
internal sealed record SweepDescription(
    DateTimeOffset StartedUtc,
    IReadOnlyDictionary<string, object?> Knobs,
    IReadOnlyDictionary<string, object?> Options,
    IReadOnlyList<string> RunArguments,
    IReadOnlyList<string> Cells,
    IReadOnlyDictionary<string, object?> Environment)
{
    public const string FileName = "sweep.json";

    public static SweepDescription Create(SweepSettings s)
    {
        var knobs = new SortedDictionary<string, object?>(StringComparer.Ordinal)
        {
            ["client"] = s.Knobs.Clients,
            ["processes"] = s.Knobs.Processes,
            ["tasks"] = s.Knobs.Tasks,
            ["batch_size"] = s.Knobs.BatchSizes,
            ["entity_size"] = s.Knobs.EntitySizes,
            ["partitions"] = s.Knobs.Partitions,
            ["rate"] = s.Knobs.Rates.OfType<double>().ToList(),
        };
        var options = new SortedDictionary<string, object?>(StringComparer.Ordinal)
        {
            ["account"] = s.Target.AccountName,
            ["endpoint"] = s.Target.TableEndpoint.GetLeftPart(UriPartial.Path),
            ["table"] = s.Table,
            ["repeat"] = s.Repeat,
            ["cooldown_s"] = s.Cooldown.TotalSeconds,
            ["stop_when_throttled_percent"] = s.StopWhenThrottledPercent,
            ["output"] = s.OutputDirectory,
            ["report"] = s.Report,
        };
        var environment = new SortedDictionary<string, object?>(StringComparer.Ordinal)
        {
            ["os"] = RuntimeInformation.OSDescription,
            ["runtime"] = RuntimeInformation.FrameworkDescription,
            ["processor_count"] = System.Environment.ProcessorCount,
            ["tableload_version"] = typeof(SweepDescription).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "unknown",
        };

        return new SweepDescription(s.StartedUtc, knobs, options, s.RunArguments, s.Cells.Select(c => c.Name).ToList(), environment);
    }
}
