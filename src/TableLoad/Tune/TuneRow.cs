using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>A row of tune.csv: a probe's or confirm run's sweep.csv row, with its role, the search step that asked for it, its verdict and its order.</summary>
internal sealed record TuneRow(SweepRow Row, string Role, string Step, ProbeVerdict Verdict, int Ordinal)
{
    public const string ProbeRole = "probe";
    public const string ConfirmRole = "confirm";
    public const string ConfirmStep = "confirm";

    public TuneKnobs Knobs => new(Row.Cell.Processes, Row.Cell.Tasks, Row.Cell.BatchSize);
}
