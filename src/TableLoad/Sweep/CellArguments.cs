namespace TableLoad.Sweep;

/// <summary>The command line of one cell's <c>tableload run</c>. The connection string is never on it.</summary>
internal static class CellArguments
{
    public static IReadOnlyList<string> For(SweepSettings settings, SweepCell cell, string? freshTable) => For(settings.CommandLine, cell, freshTable);

    public static IReadOnlyList<string> For(CellCommandLine settings, SweepCell cell, string? freshTable)
    {
        var args = new List<string> { "run" };
        foreach (var knob in Enum.GetValues<SweepKnob>())
        {
            if (cell.Value(knob) is { } value)
            {
                args.AddRange([knob.OptionName(), value]);
            }
        }

        args.AddRange(settings.RunArguments);
        if (settings.Table is null && freshTable is not null)
        {
            args.AddRange(["--table", freshTable]);
        }

        args.AddRange(["--output", settings.CellDirectory(cell), "--label", cell.Name, "--quiet"]);
        return args;
    }
}
