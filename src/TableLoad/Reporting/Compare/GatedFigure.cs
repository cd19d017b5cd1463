using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>A figure <c>--fail-on</c> names: the run's (<c>p99</c>), or one operation's, scoped by its name before a dot (<c>read.p99</c>).</summary>
/// <param name="Operation">The operation whose figure is gated; null for the run's.</param>
internal sealed record GatedFigure(RunFigure Figure, string? Operation = null)
{
    public string Name => Operation is null ? Figure.Name() : $"{Operation}.{Figure.Name()}";
}
