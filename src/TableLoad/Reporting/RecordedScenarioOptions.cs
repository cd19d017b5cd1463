using System.Text.Json.Serialization;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Reporting;

/// <summary>
/// run.json's <c>options.scenarios</c>: each scenario's own options under their names and in their own syntax, as a profile gives
/// them, so that <c>--config run.json</c> runs the same scenarios again. Every option is recorded, so none falls back to a shared one.
/// </summary>
internal sealed record RecordedScenarioOptions
{
    public string? Operation { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? Mix { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? Workload { get; init; }

    public int Tasks { get; init; }

    /// <summary>In --rate's syntax: a number of entities per second, or a string in requests per second ("2000rps"); null for the closed model.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public RateTarget? Rate { get; init; }

    /// <summary>A transaction's size, or "none" for single writes.</summary>
    public Batching BatchSize { get; init; }

    public int? EntitySize { get; init; }

    public int? Properties { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? Entity { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public int? KeySpace { get; init; }

    public bool Preload { get; init; }

    public string KeyDistribution { get; init; } = "";

    /// <summary>As run.json's own: a number, or a range in the option's syntax.</summary>
    [JsonConverter(typeof(QueryLengthJsonConverter))]
    public string QueryLength { get; init; } = QueryShape.Default.LengthText;

    public int PageSize { get; init; }

    public string Partitions { get; init; } = "";

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public long? Batches { get; init; }

    /// <summary>In --stages' syntax; null for one load held for the run's duration.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? Stages { get; init; }

    public static RecordedScenarioOptions Of(Scenario scenario) => new()
    {
        // As for a run: a mix names its operations, a preset its mix; recording both would make a run.json a repeat refuses.
        Operation = scenario.Load.Operations.OperationOption,
        Mix = scenario.Load.Workload is null ? scenario.Load.Operations.MixOption : null,
        Workload = scenario.Load.Workload,
        // A closed plan's loops are its highest target; tasks was where it started.
        Tasks = scenario.Load.Model.TasksGiven,
        Rate = scenario.Load.Model.GivenRate(scenario.Load.EntitiesPerRequest),
        BatchSize = scenario.Load.Batching,
        EntitySize = scenario.Load.Entity is null ? scenario.Load.EntitySize : null,
        Properties = scenario.Load.Entity is null ? scenario.Load.Properties : null,
        Entity = scenario.Load.Entity?.File,
        KeySpace = scenario.Load.KeySpace,
        Preload = scenario.Load.Preload,
        KeyDistribution = scenario.Load.KeyDistribution.ToName(),
        QueryLength = scenario.Load.Query.LengthText,
        PageSize = scenario.Load.Query.PageSize,
        Partitions = scenario.Load.Partitions.ToString()!,
        Batches = scenario.Load.Batches,
        Stages = scenario.Load.Model.StagesText(scenario.Load.EntitiesPerRequest),
    };
}
