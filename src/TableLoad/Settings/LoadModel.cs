using System.Globalization;
using System.Text.Json.Serialization;

namespace TableLoad.Settings;

/// <summary>
/// How a load is driven, one type per model (k6 gives each its own executor): closed, where each task sends its next batch
/// as soon as the last one answered, or open (<c>--rate</c>), where batches start at intended times; each held for the run or
/// following a <c>--stages</c> plan. Built once where the options are read; whatever depends on the model asks <see cref="Match{T}"/>,
/// which names every model, so a fifth fails the build wherever a model is decided.
/// </summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(Closed), "closed")]
[JsonDerivedType(typeof(Open), "open")]
[JsonDerivedType(typeof(ClosedStages), "closed_stages")]
[JsonDerivedType(typeof(OpenStages), "open_stages")]
internal abstract record LoadModel : ILoadTarget
{
    // Only the models nested here derive, so Match's list is the whole list.
    private LoadModel()
    {
    }

    /// <summary>The loops each process starts.</summary>
    public abstract int Tasks { get; }

    /// <summary>The one way to decide by the model: a function for each.</summary>
    public abstract T Match<T>(Func<Closed, T> closed, Func<Open, T> open, Func<ClosedStages, T> closedStages, Func<OpenStages, T> openStages);

    /// <summary>
    /// <c>--rate</c> as run.json and summary.json record it: the open model's fleet rate, where an open plan starts; null in the
    /// closed model. A reading for the files, not a way to tell the models apart.
    /// </summary>
    [JsonIgnore]
    public double? Rate => Match<double?>(static _ => null, static o => o.EntitiesPerSecond, static _ => null, static o => o.Plan.StartTarget);

    /// <summary>
    /// <c>--rate</c> as the user gave it, in its own unit, for a load of <paramref name="entitiesPerRequest"/>: what run.json records, so
    /// that a repeat means the same load, and what the run's lines say beside the entities per second; null in the closed model.
    /// </summary>
    public RateTarget? GivenRate(double entitiesPerRequest) => Match<RateTarget?>(
        static _ => null,
        o => RateTarget.Of(o.EntitiesPerSecond, o.Unit, entitiesPerRequest),
        static _ => null,
        o => RateTarget.Of(o.Plan.StartTarget, o.Unit, entitiesPerRequest));

    /// <summary>The open model's intended fleet rate in requests per second, <see cref="Rate"/> over <paramref name="entitiesPerRequest"/>; null in the closed model.</summary>
    public double? RequestRate(double entitiesPerRequest) => Match<double?>(
        static _ => null,
        o => RateTarget.Of(o.EntitiesPerSecond, RateUnit.RequestsPerSecond, entitiesPerRequest).Value,
        static _ => null,
        o => RateTarget.Of(o.Plan.StartTarget, RateUnit.RequestsPerSecond, entitiesPerRequest).Value);

    /// <summary><c>--stages</c> as the user gave it: a closed plan's tasks, an open plan's targets in <c>--rate</c>'s unit; null for a load held.</summary>
    public string? StagesText(double entitiesPerRequest) => Match<string?>(
        static _ => null,
        static _ => null,
        static c => c.Plan.Text(),
        o => o.Plan.Text(target => RateTarget.Of(target, o.Unit, entitiesPerRequest).Text()));

    /// <summary><c>--tasks</c> as given: the loops, or where a closed plan starts.</summary>
    [JsonIgnore]
    public int TasksGiven => Match(static c => c.Tasks, static o => o.Tasks, static c => (int)c.Plan.StartTarget, static o => o.Tasks);

    /// <summary>The stage plan, the same in both models for the per-second files and the stage rows; null for a load held.</summary>
    [JsonIgnore]
    public StagePlan? Stages => Match<StagePlan?>(static _ => null, static _ => null, static c => c.Plan, static o => o.Plan);

    /// <summary>Whether the load follows a stage plan, in either model.</summary>
    [JsonIgnore]
    public bool Staged => Match(static _ => false, static _ => false, static _ => true, static _ => true);

    /// <summary>The measured time: <paramref name="duration"/> (<c>--duration</c>), or a plan's stages' sum.</summary>
    public TimeSpan MeasuredTime(TimeSpan duration) =>
        Match(_ => duration, _ => duration, static c => c.Plan.TotalDuration(), static o => o.Plan.TotalDuration());

    /// <summary>Whether the load has an entities-per-second target (<c>--abort-if</c>'s <c>N*target</c> compares with it).</summary>
    [JsonIgnore]
    public bool HasRateTarget => Match(static _ => false, static _ => true, static _ => false, static _ => true);

    /// <inheritdoc/>
    public double? EntitiesPerSecondAt(double second) =>
        Match<double?>(static _ => null, static o => o.EntitiesPerSecond, static _ => null, o => o.Plan.TargetAt(second));

    /// <inheritdoc/>
    public string? StageAt(double second) => Match<string?>(
        static _ => null,
        static _ => null,
        c => string.Create(CultureInfo.InvariantCulture, $"stage s{c.Plan.StageAt(second) + 1}, {c.Plan.TargetAt(second):0.#} tasks per process"),
        o => string.Create(CultureInfo.InvariantCulture, $"stage s{o.Plan.StageAt(second) + 1}"));

    /// <summary>
    /// A run of scenarios as one load: all their tasks, open at the sum of their rates when every one is open (a plan at the
    /// rate it starts), closed otherwise; the scenarios' own models drive their loops.
    /// </summary>
    public static LoadModel Together(IReadOnlyList<LoadModel> loads)
    {
        var tasks = loads.Sum(l => l.Tasks);
        return loads.All(l => l.HasRateTarget) ? new Open(loads.Sum(l => l.Rate ?? 0), tasks) : new Closed(tasks);
    }

    /// <summary>Each task sends its next batch as soon as the last one answered.</summary>
    public sealed record Closed(int Tasks) : LoadModel
    {
        public override int Tasks { get; } = Tasks;

        public override T Match<T>(Func<Closed, T> closed, Func<Open, T> open, Func<ClosedStages, T> closedStages, Func<OpenStages, T> openStages) => closed(this);
    }

    /// <summary><c>--rate</c>: batches start at fixed intended times, <paramref name="EntitiesPerSecond"/> of the whole fleet.</summary>
    public sealed record Open(double EntitiesPerSecond, int Tasks) : LoadModel
    {
        public override int Tasks { get; } = Tasks;

        /// <summary>The unit <c>--rate</c> was given in; the engine paces by <see cref="EntitiesPerSecond"/> whatever it is.</summary>
        public RateUnit Unit { get; init; }

        public override T Match<T>(Func<Closed, T> closed, Func<Open, T> open, Func<ClosedStages, T> closedStages, Func<OpenStages, T> openStages) => open(this);
    }

    /// <summary>
    /// <c>--stages</c> without <c>--rate</c>: the plan's targets are tasks per process, starting at <c>--tasks</c>; the loops
    /// started are its highest target, each retired and restarted as the target moves.
    /// </summary>
    public sealed record ClosedStages(StagePlan Plan) : LoadModel
    {
        [JsonIgnore]
        public override int Tasks => (int)Plan.HighestTarget();

        public override T Match<T>(Func<Closed, T> closed, Func<Open, T> open, Func<ClosedStages, T> closedStages, Func<OpenStages, T> openStages) => closedStages(this);
    }

    /// <summary><c>--stages</c> with <c>--rate</c>: the plan's targets are entities per second of the fleet (converted from requests per second when given in them), starting at <c>--rate</c>.</summary>
    public sealed record OpenStages(StagePlan Plan, int Tasks) : LoadModel
    {
        public override int Tasks { get; } = Tasks;

        /// <summary>The unit <c>--rate</c> and the plan's targets were given in; <see cref="Plan"/> holds them in entities per second.</summary>
        public RateUnit Unit { get; init; }

        public override T Match<T>(Func<Closed, T> closed, Func<Open, T> open, Func<ClosedStages, T> closedStages, Func<OpenStages, T> openStages) => openStages(this);
    }
}
