using TableLoad.Measurement.Gates;

namespace TableLoad.Reporting;

/// <summary>What one row of the run's table shows, of a run, a process, a stage or a part: its figures as gates read them, and the counts beside them.</summary>
internal sealed record ResultRow(string Name, ScopeFigures Figures, long PeakEntitiesPerSecond, double RequestsPerSecond);
