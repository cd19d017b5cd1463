using System.Globalization;
using TableLoad.Measurement.Gates;
using TableLoad.Rounds;

namespace TableLoad.Tune;

/// <summary>
/// A cheaper probe chosen over the highest-throughput one, whose gain over it (<see cref="Gain"/>: the best's
/// entities/s against the chosen's) lies within noise by the assumed run-to-run share: a close call, which
/// <see cref="Rounds"/> decide when tune ran them.
/// </summary>
internal sealed record CheaperChoice(TunedProbe Chosen, TunedProbe Best, FigureComparison Gain)
{
    /// <summary>The interleaved rounds of the two (the chosen their base) and their verdict; null when none ran.</summary>
    public CloseCallVerdict? Rounds { get; init; }

    /// <summary>The cheaper probe, unless the rounds found the best better beyond noise.</summary>
    public TunedProbe Winner => Rounds is { OtherWins: true } ? Best : Chosen;

    /// <summary>E.g. "p1-t1-b100 chosen over p1-t4-b100: its +1.4% e/s (95% CI −9% to +12%) is within noise, at 4× the tasks and 5.2× the p99".</summary>
    public string Sentence
    {
        get
        {
            var costs = new List<string>();
            Add(costs, "processes", Best.Knobs.Processes, Chosen.Knobs.Processes);
            Add(costs, "tasks", Best.Knobs.Tasks, Chosen.Knobs.Tasks);
            Add(costs, "p99", Best.Figures!.P99Ms, Chosen.Figures!.P99Ms);
            var cost = costs.Count > 0 ? $", at {string.Join(" and ", costs)}" : "";
            return Rounds switch
            {
                null => $"{Chosen.Knobs} chosen over {Best.Knobs}: {Best.Knobs}'s {TuneNoise.Change(Gain)} is within noise{cost}.",
                { OtherWins: true } => $"{Best.Knobs} chosen over the cheaper {Chosen.Knobs}: {Rounds.Sentence} (its probe's {TuneNoise.Change(Gain)} was within the assumed share).",
                _ => $"{Chosen.Knobs} chosen over {Best.Knobs}: {Rounds.Sentence}{cost}.",
            };
        }
    }

    private static void Add(List<string> costs, string what, double more, double less)
    {
        if (less > 0 && more > less)
        {
            costs.Add(string.Create(CultureInfo.InvariantCulture, $"{more / less:0.#}× the {what}"));
        }
    }
}
