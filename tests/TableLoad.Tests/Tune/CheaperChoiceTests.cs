using TableLoad.Measurement.Gates;
using TableLoad.Rounds;
using TableLoad.Settings.Gates;
using TableLoad.Tune;

namespace TableLoad.Tests.Tune;

public sealed class CheaperChoiceTests
{
    private static TunedProbe Probe(int ordinal, int tasks, double entitiesPerSecond, double p99) => new(
        ordinal,
        new TuneKnobs(1, tasks, 100),
        new ProbeFigures { EntitiesPerSecond = entitiesPerSecond, P50Ms = 10, P99Ms = p99, ThrottledPercent = 0, FailedPercent = 0, ClientSaturated = false, CpuMicrosecondsPerEntity = 5 },
        ProbeVerdict.Meets,
        "climb");

    private static CheaperChoice CreateSut()
    {
        var (cheaper, best) = (Probe(1, 1, 2_000, 20), Probe(2, 4, 2_100, 100));
        return new CheaperChoice(cheaper, best, TuneNoise.Compare(TuneNoise.Estimate(cheaper.Figures!), TuneNoise.Estimate(best.Figures!)));
    }

    // Three rounds of the cheaper (base) and the best (new): the best's e/s in each round against the cheaper's 2,000.
    private static CloseCallVerdict Rounds(params double[] best)
    {
        double[] cheaper = [2_000, 2_000, 2_000];
        var eps = new FigureComparison(RunFigure.Eps, FigureEstimate.OfRepeats(cheaper), FigureEstimate.OfRepeats(best), TuneNoise.Level)
        {
            Paired = PairedRounds.Of(cheaper, best, ChangeScale.Ratio),
        };
        return new CloseCallVerdict("p1-t1-b100", "p1-t4-b100", 3, "close-rounds", eps);
    }

    [Fact]
    public void WithoutRounds_TheCheaperWins_ByTheAssumedShare()
    {
        var choice = CreateSut();

        Assert.Equal(1, choice.Winner.Knobs.Tasks);
        Assert.StartsWith("p1-t1-b100 chosen over p1-t4-b100: p1-t4-b100's +5.0% e/s (95% CI ", choice.Sentence, StringComparison.Ordinal);
    }

    [Fact]
    public void RoundsWithinNoise_KeepTheCheaper_AndTheSentenceGivesTheirVerdictAndInterval()
    {
        var choice = CreateSut() with { Rounds = Rounds(2_100, 1_900, 2_000) };

        Assert.Equal(1, choice.Winner.Knobs.Tasks);
        Assert.Matches(@"^p1-t1-b100 chosen over p1-t4-b100: by 3 interleaved rounds, p1-t4-b100's −0\.1% e/s \(95% CI −\d+% to \+\d+%\) against p1-t1-b100 is within noise, at 4× the tasks and 5× the p99\.$", choice.Sentence);
    }

    [Fact]
    public void RoundsFindingTheBestBetterBeyondNoise_ChooseTheBest_AndSaySo()
    {
        var choice = CreateSut() with { Rounds = Rounds(2_200, 2_210, 2_190) };

        Assert.Equal(4, choice.Winner.Knobs.Tasks);
        Assert.Matches(@"^p1-t4-b100 chosen over the cheaper p1-t1-b100: by 3 interleaved rounds, p1-t4-b100's \+10\.0% e/s \(95% CI \+\d+% to \+\d+%\) against p1-t1-b100 is better beyond noise \(its probe's \+5\.0% e/s .* was within the assumed share\)\.$", choice.Sentence);
    }

    [Fact]
    public void RoundsFindingTheBestWorse_KeepTheCheaper()
    {
        var choice = CreateSut() with { Rounds = Rounds(1_800, 1_810, 1_790) };

        Assert.Equal(1, choice.Winner.Knobs.Tasks);
        Assert.Contains("against p1-t1-b100 is worse beyond noise, at 4× the tasks", choice.Sentence, StringComparison.Ordinal);
    }
}
