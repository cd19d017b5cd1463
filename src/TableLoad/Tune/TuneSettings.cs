using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>Everything a tune needs, validated before its first probe runs.</summary>
internal sealed record TuneSettings
{
    /// <summary>How a probe runs: its run options (measured for the probe's duration) and the folder probes go in, as a sweep's cells.</summary>
    public required SweepSettings Probes { get; init; }

    /// <summary>The same, measured for the confirm runs' longer duration.</summary>
    public required SweepSettings Confirms { get; init; }

    /// <summary>The user's data model (client, runtime, entity size, partitions), the same in every probe; the searched knobs are set per probe.</summary>
    public required SweepCell Model { get; init; }

    public required TuneSpace Space { get; init; }

    public required TuneConstraints Constraints { get; init; }

    public required TimeSpan Budget { get; init; }

    public required int Confirm { get; init; }

    /// <summary>How many interleaved rounds decide a close call between the cheaper choice and the best; 0 for none.</summary>
    public int CloseRounds { get; init; }

    public const int DefaultCloseRounds = 3;

    /// <summary>Measured time of one probe and one confirm run, warm-up left out.</summary>
    public required TimeSpan ProbeDuration { get; init; }

    public required TimeSpan ConfirmDuration { get; init; }

    public required TimeSpan Warmup { get; init; }

    public bool Resume { get; init; }

    public bool Report { get; init; }

    public string OutputDirectory => Probes.OutputDirectory;

    /// <summary>The run options the user gave (never a secret): in tune.json, and in the command that reproduces the recommendation.</summary>
    public required IReadOnlyList<string> RunArguments { get; init; }

    /// <summary>What <c>tableload run</c> does when an option is left out: the command that reproduces the recommendation leaves those out.</summary>
    public required RunDefaults RunDefaults { get; init; }

    /// <summary>Starting a child, creating and deleting its table: what a probe costs beyond its warm-up and duration.</summary>
    public static readonly TimeSpan RunOverhead = TimeSpan.FromSeconds(3);

    public TimeSpan ProbeTime => TimeOf(Warmup, ProbeDuration);

    public TimeSpan ConfirmTime => TimeOf(Warmup, ConfirmDuration);

    /// <summary>What one child run of <paramref name="measured"/> after <paramref name="warmup"/> costs, its start included.</summary>
    public static TimeSpan TimeOf(TimeSpan warmup, TimeSpan measured) => warmup + measured + RunOverhead;

    /// <summary>The cell a probe or confirm run of <paramref name="knobs"/> is; confirm runs are passes 2, 3, ... of the probe's cell.</summary>
    public SweepCell Cell(TuneKnobs knobs, int pass = 1) => CellOf(Model, knobs, pass);

    public static SweepCell CellOf(SweepCell model, TuneKnobs knobs, int pass = 1) =>
        model with { Processes = knobs.Processes, Tasks = knobs.Tasks, BatchSize = knobs.BatchSize, Repeat = pass };
}

/// <summary>run's own defaults for the knobs a probe sets, and for its warm-up and duration.</summary>
internal sealed record RunDefaults(SweepCell Cell, TimeSpan Warmup, TimeSpan Duration);
