using System.Numerics;

namespace TableLoad.Cli;

/// <summary>
/// A sweep's or tune's knob list judged value by value by run's own bound, so a value run refuses is refused
/// before any child runs, in run's sentence, and every refused value is said at once.
/// </summary>
internal static class KnobBounds
{
    /// <summary>The values when run accepts each of them; null when one is refused (each refusal listed in <paramref name="errors"/>).</summary>
    public static IReadOnlyList<T>? Within<T>(IReadOnlyList<T>? values, Bounded<T> bound, UsageErrors errors)
        where T : struct, INumber<T>
    {
        if (values is null)
        {
            return null;
        }

        var accepted = true;
        foreach (var value in values)
        {
            accepted &= errors.Require(bound.Option, bound.Accepts(value), bound.Refusal(value));
        }

        return accepted ? values : null;
    }
}
