namespace TableLoad.Sweep;

/// <summary>What every child run's command line shares: the run options given, the one table if named, and the folder the children's go in.</summary>
internal sealed record CellCommandLine(IReadOnlyList<string> RunArguments, string? Table, string OutputDirectory)
{
    public string CellDirectory(SweepCell cell) => Path.Combine(OutputDirectory, cell.Name);
}
