namespace TableLoad.Reporting.Compare;

/// <summary>What a part of a run measured apart is: an operation (of the run, or of a scenario) or a scenario.</summary>
internal enum SliceKind
{
    Operation,
    Scenario,
}
