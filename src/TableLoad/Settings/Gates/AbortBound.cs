using System.Text.Json.Serialization;

namespace TableLoad.Settings.Gates;

/// <summary>The bound of an <c>--abort-if</c> condition: a value in the figure's unit, or a share of the run's target.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(Fixed), "fixed")]
[JsonDerivedType(typeof(TimesTarget), "times_target")]
internal abstract record AbortBound
{
    /// <summary>The bound in the figure's unit for a window whose target was <paramref name="target"/> entities per second.</summary>
    public abstract double At(double? target);

    /// <summary>A value as <c>--fail-if</c> writes it: <c>5%</c>, <c>2s</c>, <c>2000</c>.</summary>
    public sealed record Fixed(double Value) : AbortBound
    {
        public override double At(double? target) => Value;
    }

    /// <summary><c>N*target</c>: N times the target entities per second, which the run's settings guarantee exists.</summary>
    public sealed record TimesTarget(double Factor) : AbortBound
    {
        public override double At(double? target) =>
            Factor * (target ?? throw new InvalidOperationException("A bound on the target reached a run without one."));
    }
}
