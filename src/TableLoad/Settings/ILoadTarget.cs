using System.Globalization;

namespace TableLoad.Settings;

/// <summary>
/// What the run means to send, second by second: the target <c>--abort-if</c>'s <c>N*target</c> bounds compare with.
/// A constant <c>--rate</c> is one; a plan whose target moves (stages, ramps) is another.
/// </summary>
internal interface ILoadTarget
{
    /// <summary>
    /// The whole fleet's intended entities per second at <paramref name="second"/> seconds into the measured period;
    /// null for a closed plan, whose targets are tasks.
    /// </summary>
    double? EntitiesPerSecondAt(double second);

    /// <summary>The stage the run is in at <paramref name="second"/>, as a sentence names it; null for a run without stages.</summary>
    string? StageAt(double second);
}

/// <summary>The open model's <c>--rate</c>: the same target all through the run.</summary>
internal sealed record ConstantRate(double EntitiesPerSecond) : ILoadTarget
{
    public double? EntitiesPerSecondAt(double second) => EntitiesPerSecond;

    public string? StageAt(double second) => null;
}

/// <summary>A <c>--stages</c> plan: entities per second of the fleet in the open model, tasks per process in the closed one.</summary>
internal sealed record StagedTarget(StagePlan Plan, bool OpenModel) : ILoadTarget
{
    public double? EntitiesPerSecondAt(double second) => OpenModel ? Plan.TargetAt(second) : null;

    public string? StageAt(double second)
    {
        var stage = Plan.StageAt(second);
        var target = OpenModel ? "" : string.Create(CultureInfo.InvariantCulture, $", {Plan.TargetAt(second):0.#} tasks per process");
        return string.Create(CultureInfo.InvariantCulture, $"stage s{stage + 1}{target}");
    }
}

internal static class LoadTargets
{
    /// <summary>The run's target; null in the closed model without stages, which sends as fast as its tasks do and has none.</summary>
    public static ILoadTarget? Of(RunSettings settings) => (settings.Stages, settings.Rate) switch
    {
        ({ } plan, var rate) => new StagedTarget(plan, OpenModel: rate is not null),
        (null, { } rate) => new ConstantRate(rate),
        (null, null) => null,
    };
}
