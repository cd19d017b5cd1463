namespace TableLoad.Reporting;

/// <summary>
/// Marks a recorded option that names, places, keeps or judges a run's results, or says which target it went to, but does not
/// shape the load it sends: compare does not list it among the knobs that differ (docs/analysis.md). Every other option is a knob.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
internal sealed class NotKnobAttribute : Attribute;
