using System.Globalization;

namespace TableLoad.Settings;

/// <summary>One stage of a <see cref="StagePlan"/>: how long it lasts and the target it reaches at its end.</summary>
internal sealed record Stage(TimeSpan Duration, double Target);

/// <summary>
/// A load that changes within one run (<c>--stages</c>): each stage moves linearly from the previous target to its own over
/// its duration, and equal targets hold. Targets are entities per second of the fleet (open model) or tasks per process
/// (closed model); <see cref="StartTarget"/> is where the first stage starts (<c>--rate</c> or <c>--tasks</c>) and what the
/// warm-up runs at. Seconds count from the start of the measured period: negative ones are the warm-up's.
/// </summary>
internal sealed record StagePlan(double StartTarget, IReadOnlyList<Stage> Stages)
{
    /// <summary>The measured time: the stages' sum.</summary>
    public TimeSpan TotalDuration() => Stages.Aggregate(TimeSpan.Zero, (total, stage) => total + stage.Duration);

    public double StartOf(int stage) => Stages.Take(stage).Sum(s => s.Duration.TotalSeconds);

    public double EndOf(int stage) => StartOf(stage) + Stages[stage].Duration.TotalSeconds;

    public double TargetBefore(int stage) => stage == 0 ? StartTarget : Stages[stage - 1].Target;

    /// <summary>The highest target anywhere in the plan, the warm-up's included.</summary>
    public double HighestTarget() => Stages.Select(s => s.Target).Append(StartTarget).Max();

    /// <summary>The stage (from 0) that holds <paramref name="second"/>: the first before the plan starts, the last after it ends.</summary>
    public int StageAt(double second)
    {
        var end = 0.0;
        for (var i = 0; i < Stages.Count; i++)
        {
            end += Stages[i].Duration.TotalSeconds;
            if (second < end)
            {
                return i;
            }
        }

        return Stages.Count - 1;
    }

    /// <summary>The target at <paramref name="second"/>: the start target before the plan, the last target after it.</summary>
    public double TargetAt(double second)
    {
        if (second <= 0)
        {
            return StartTarget;
        }

        var start = 0.0;
        for (var i = 0; i < Stages.Count; i++)
        {
            var length = Stages[i].Duration.TotalSeconds;
            if (second < start + length)
            {
                var from = TargetBefore(i);
                return from + ((Stages[i].Target - from) * (second - start) / length);
            }

            start += length;
        }

        return Stages[^1].Target;
    }

    /// <summary>Open model: the entities the plan intends from second 0 to <paramref name="second"/> (negative before it).</summary>
    public double Cumulative(double second)
    {
        if (second <= 0)
        {
            return StartTarget * second;
        }

        var (total, start) = (0.0, 0.0);
        for (var i = 0; i < Stages.Count; i++)
        {
            var length = Stages[i].Duration.TotalSeconds;
            var x = Math.Min(second - start, length);
            var from = TargetBefore(i);
            total += (from * x) + ((Stages[i].Target - from) * x * x / (2 * length));
            if (second <= start + length)
            {
                return total;
            }

            start += length;
        }

        return total + (Stages[^1].Target * (second - start));
    }

    /// <summary>Open model: the second at which <see cref="Cumulative"/> reaches <paramref name="entities"/>; infinity when it never does.</summary>
    public double SecondWhenCumulative(double entities)
    {
        if (entities <= 0)
        {
            return entities / StartTarget;
        }

        var (total, start) = (0.0, 0.0);
        for (var i = 0; i < Stages.Count; i++)
        {
            var length = Stages[i].Duration.TotalSeconds;
            var from = TargetBefore(i);
            var slope = (Stages[i].Target - from) / length;
            var inStage = (from + Stages[i].Target) * length / 2;
            if (entities <= total + inStage)
            {
                // The root of from·x + slope·x²/2 = rest, written so that neither a flat stage nor a start at 0 divides by zero.
                var rest = entities - total;
                var root = Math.Sqrt(Math.Max(0, (from * from) + (2 * slope * rest)));
                return from + root > 0 ? start + Math.Min(length, 2 * rest / (from + root)) : start;
            }

            total += inStage;
            start += length;
        }

        return Stages[^1].Target > 0 ? start + ((entities - total) / Stages[^1].Target) : double.PositiveInfinity;
    }

    /// <summary>Closed model: the first second from <paramref name="from"/> on when the target is at least <paramref name="threshold"/>; infinity when never.</summary>
    public double FirstSecondAtLeast(double threshold, double from)
    {
        if (TargetAt(from) >= threshold)
        {
            return from;
        }

        var start = 0.0;
        for (var i = 0; i < Stages.Count; i++)
        {
            var length = Stages[i].Duration.TotalSeconds;
            var (low, high) = (TargetBefore(i), Stages[i].Target);
            if (start + length > from && high >= threshold)
            {
                var reached = start + (length * (threshold - low) / (high - low));
                return Math.Max(from, reached);
            }

            start += length;
        }

        return double.PositiveInfinity;
    }

    /// <summary>Plans are equal stage by stage, so settings carrying one compare by value (a worker's copy, a repeat's).</summary>
    public bool Equals(StagePlan? other) => other is not null && StartTarget.Equals(other.StartTarget) && Stages.SequenceEqual(other.Stages);

    public override int GetHashCode() => HashCode.Combine(StartTarget, Stages.Count);

    /// <summary>The plan in <c>--stages</c>' own syntax, its targets as numbers (tasks, or entities per second).</summary>
    public string Text() => Text(static target => target.ToString(CultureInfo.InvariantCulture));

    /// <summary>The plan in <c>--stages</c>' own syntax, each target written by <paramref name="target"/> (in the unit <c>--rate</c> was given in), as run.json records it.</summary>
    public string Text(Func<double, string> target) => string.Join(',', Stages.Select(s => $"{DurationParser.Format(s.Duration)}:{target(s.Target)}"));
}
