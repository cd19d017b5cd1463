namespace TableLoad.Measurement.Gates;

/// <summary>
/// A figure's column in the run's table (<c>Reporting/ResultColumns</c>): its header, and the header of the column it stands
/// right after, so that a figure places its own column without the table listing it.
/// </summary>
internal sealed record TableColumn(string Header, string After);
