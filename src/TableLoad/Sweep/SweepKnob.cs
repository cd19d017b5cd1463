namespace TableLoad.Sweep;

/// <summary>The knobs a sweep varies, in grid order: client outermost, then runtime, operation, … rate innermost.</summary>
internal enum SweepKnob
{
    Client,
    Runtime,
    Operation,
    Processes,
    Tasks,
    BatchSize,
    EntitySize,
    Partitions,
    Rate,
}

internal static class SweepKnobExtensions
{
    public static string OptionName(this SweepKnob knob) => knob switch
    {
        SweepKnob.Client => "--client",
        SweepKnob.Runtime => "--runtime",
        SweepKnob.Operation => "--operation",
        SweepKnob.Processes => "--processes",
        SweepKnob.Tasks => "--tasks",
        SweepKnob.BatchSize => "--batch-size",
        SweepKnob.EntitySize => "--entity-size",
        SweepKnob.Partitions => "--partitions",
        SweepKnob.Rate => "--rate",
    };
}
