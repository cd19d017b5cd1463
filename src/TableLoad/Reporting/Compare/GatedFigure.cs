using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>
/// A figure <c>--fail-on</c> names: the run's (<c>p99</c>), or one part's, scoped by its name before a dot as a run's gates are
/// (<see cref="Threshold.Scope"/>): an operation's (<c>read.p99</c>), a scenario's (<c>lookups.p99</c>) or a scenario's operation's (<c>lookups.read.p99</c>).
/// </summary>
/// <param name="Scope">The part whose figure is gated; null for the run's.</param>
internal sealed record GatedFigure(RunFigure Figure, string? Scope = null)
{
    public string Name => Figure.Name(Scope);
}
