using TableLoad.Measurement;
using TableLoad.Storage;
using System.Text.Json.Serialization;

namespace TableLoad.Tune;

/// <summary>The content of tune.json: the constraints, the space, every probe, the model, the recommendation and the limit. Holds no key or signature.</summary>
internal sealed record TuneDescription(
    DateTimeOffset StartedUtc,
    string Status,
    TuneRecordedConstraints Constraints,
    TuneRecordedSpace Space,
    [property: JsonPropertyName("budget_s")] double BudgetSeconds,
    [property: JsonPropertyName("probe_duration_s")] double ProbeDurationSeconds,
    [property: JsonPropertyName("confirm_duration_s")] double ConfirmDurationSeconds,
    int Confirm,
    IReadOnlyList<string> RunArguments,
    string Account,
    string Endpoint,
    IReadOnlyList<TuneRecordedProbe> Probes,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] TuneRecordedModel? Model,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] TuneRecommendation? Recommendation,
    TuneRecordedLimit Limit,
    IReadOnlyList<TuneLoser> Losers);

internal sealed record TuneRecordedConstraints(
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? P99Ms,
    double MaxThrottledPercent,
    double MaxFailedPercent,
    [property: JsonPropertyName("max_ru"), JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? MaxRequestUnitsPerSecond = null);

internal sealed record TuneRecordedSpace(int MaxTasks, int MaxProcesses, [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] IReadOnlyList<Batching>? BatchSizes);

/// <summary>A probe or confirm run; its figures are null when the run ended without any.</summary>
internal sealed record TuneRecordedProbe(
    int Ordinal,
    string Cell,
    string Role,
    string Step,
    int Processes,
    int Tasks,
    Batching BatchSize,
    string Verdict,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? EntitiesPerSecond,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? P50Ms,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? P99Ms,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? ThrottledPercent,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? FailedPercent,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] bool? ClientSaturated,
    [property: JsonPropertyName("cpu_us_per_entity")][property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? CpuMicrosecondsPerEntity);

/// <summary>
/// The USL fitted to the probes: X(N) = λN / (1 + σ(N−1) + κN(N−1)), with only as many parameters as leave a degree of
/// freedom; its fit as adjusted R² and the residual standard error (entities/s) on those degrees of freedom.
/// </summary>
internal sealed record TuneRecordedModel(
    Batching BatchSize,
    double Lambda,
    double Sigma,
    double Kappa,
    double RSquared,
    int Points,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? PeakConcurrency,
    int Parameters,
    int DegreesOfFreedom,
    double AdjustedRSquared,
    double ResidualStandardError);

/// <summary>
/// The configuration to run, with the figures of its confirm runs (not of the probe that won): e/s as their mean with
/// its t interval (one run: its own interval and the run-to-run share); <see cref="Choice"/> says why a cheaper probe
/// was chosen over one with more throughput within noise, when one was; <see cref="ProvisionRuPerSecond"/>, with charges only,
/// the RU/s its rate needs (RU per entity × its e/s mean, and × its confirm runs' peak second).
/// </summary>
internal sealed record TuneRecommendation(
    string Cell,
    int Processes,
    int Tasks,
    Batching BatchSize,
    double EntitiesPerSecondMean,
    [property: JsonPropertyName("entities_per_second_ci_low")] double EntitiesPerSecondCiLow,
    [property: JsonPropertyName("entities_per_second_ci_high")] double EntitiesPerSecondCiHigh,
    double ConfidenceLevel,
    double P50Ms,
    double P99Ms,
    double ThrottledPercent,
    [property: JsonPropertyName("cpu_us_per_entity")] double CpuMicrosecondsPerEntity,
    bool ConstraintsHeld,
    string Command,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] string? Choice,
    ProvisionedRequestUnits? ProvisionRuPerSecond = null);

internal sealed record TuneRecordedLimit(string Kind, string Sentence, [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] string? EvidenceCell);

/// <summary>A probe that was not recommended, and why: the constraint it broke, or how much less it sustained.</summary>
internal sealed record TuneLoser(string Cell, string Reason);
