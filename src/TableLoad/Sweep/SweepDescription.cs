using System.Runtime.InteropServices;
using System.Text.Json.Serialization;
using TableLoad.Reporting;

namespace TableLoad.Sweep;

/// <summary>The content of sweep.json: the knobs, the options and the cells of a sweep. Holds no key or signature.</summary>
internal sealed record SweepDescription(
    DateTimeOffset StartedUtc,
    SweepKnobs Knobs,
    SweepRecordedOptions Options,
    IReadOnlyList<string> RunArguments,
    IReadOnlyList<string> Cells,
    SweepEnvironment Environment)
{
    public static SweepDescription Create(SweepSettings settings) => new(
        settings.StartedUtc,
        settings.Knobs,
        new SweepRecordedOptions(
            settings.Target.AccountName, settings.Target.TableEndpoint.GetLeftPart(UriPartial.Path), settings.Table, settings.Repeat, settings.Cooldown.TotalSeconds,
            settings.StopWhenThrottledPercent, settings.OutputDirectory, settings.Report),
        settings.RunArguments,
        settings.Cells.Select(c => c.Name).ToList(),
        new SweepEnvironment(
            RuntimeInformation.OSDescription, RuntimeInformation.FrameworkDescription, System.Environment.ProcessorCount,
            RunEnvironment.Version(typeof(SweepDescription).Assembly)));
}

/// <summary>sweep.json's <c>options</c>: the sweep's own options; the connection string only as account and endpoint.</summary>
internal sealed record SweepRecordedOptions(
    string Account,
    string Endpoint,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] string? Table,
    int Repeat,
    double CooldownS,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? StopWhenThrottledPercent,
    string Output,
    bool Report);

/// <summary>sweep.json's <c>environment</c>: the machine and the TableLoad that ran the sweep.</summary>
internal sealed record SweepEnvironment(string Os, string Runtime, int ProcessorCount, string TableloadVersion);
