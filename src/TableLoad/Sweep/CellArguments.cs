namespace TableLoad.Sweep;

/// <summary>The command line of one cell's <c>tableload run</c>. The connection string is never on it.</summary>
internal static class CellArguments
{
    public static IReadOnlyList<string> For(SweepSettings settings, SweepCell cell, string? freshTable) => For(settings.CommandLine, cell, freshTable);

    public static IReadOnlyList<string> For(CellCommandLine settings, SweepCell cell, string? freshTable)
    {
        var args = new List<string> { "run" };
        args.AddRange(RunOptions(settings, cell));
        if (settings.Table is null && freshTable is not null)
        {
            args.AddRange(["--table", freshTable]);
        }

        args.AddRange(["--output", settings.CellDirectory(cell), "--label", cell.Name, "--quiet"]);
        return args;
    }

    /// <summary>The cell's knobs, then the run options every cell shares (a named --table among them); no table of its own, folder or label.</summary>
    public static IReadOnlyList<string> RunOptions(CellCommandLine settings, SweepCell cell)
    {
        var args = new List<string>();
        foreach (var knob in Enum.GetValues<SweepKnob>())
        {
            if (cell.Value(knob) is { } value)
            {
                args.AddRange([knob.OptionName(), value]);
            }
        }

        args.AddRange(settings.RunArguments);
        return args;
    }
}
