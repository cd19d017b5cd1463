using TableLoad.Measurement.Gates;

namespace TableLoad.Tune;

/// <summary>Makes tune.json's content from the settings, the search's outcome, the confirm runs and the recommendation.</summary>
internal static class TuneRecord
{
    public const string Running = "running";

    /// <param name="setAside">Probes that met the constraints but not in their confirm runs.</param>
    /// <param name="confirmedRate">The recommendation's entities/s from its confirm runs, which the losers are measured against.</param>
    public static TuneDescription Describe(
        TuneSettings settings, TuneOutcome? outcome, IReadOnlyList<TunedProbe> setAside, IReadOnlyList<TuneRow> confirmed, TuneRecommendation? recommendation, string limit, string status,
        FigureEstimate? confirmedRate = null)
    {
        var probes = outcome?.Probes ?? [];
        var fit = outcome?.Fit;
        var target = settings.Probes.Target;
        return new TuneDescription(
            settings.Probes.StartedUtc,
            status,
            new TuneRecordedConstraints(settings.Constraints.P99?.TotalMilliseconds, settings.Constraints.MaxThrottledPercent, settings.Constraints.MaxFailedPercent, settings.Constraints.MaxRequestUnitsPerSecond),
            new TuneRecordedSpace(settings.Space.MaxTasks, settings.Space.MaxProcesses, settings.Space.BatchSizes),
            settings.Budget.TotalSeconds,
            settings.ProbeDuration.TotalSeconds,
            settings.ConfirmDuration.TotalSeconds,
            settings.Confirm,
            settings.RunArguments,
            target.AccountName,
            target.TableEndpoint.GetLeftPart(UriPartial.Path),
            [
                .. probes.Select(p => Probe(settings.Cell(p.Knobs).Name, TuneRow.ProbeRole, p.Step, p.Knobs, p.Verdict, p.Figures, p.Ordinal)),
                .. confirmed.Select(r => Probe(r.Row.Cell.Name, r.Role, r.Step, r.Knobs, r.Verdict, ProbeFiguresReader.From(r.Row), r.Ordinal)),
            ],
            fit is null ? null : new TuneRecordedModel(fit.BatchSize, fit.Lambda, fit.Sigma, fit.Kappa, fit.RSquared, fit.Points, double.IsFinite(fit.PeakConcurrency) ? fit.PeakConcurrency : null,
                fit.Parameters, fit.DegreesOfFreedom, fit.AdjustedRSquared, fit.ResidualStandardError),
            recommendation,
            new TuneRecordedLimit(outcome is null ? "" : KindName(outcome.Limit.Kind), limit, outcome?.Limit.Evidence is { } e ? settings.Cell(e.Knobs).Name : null),
            outcome is null ? [] : TuneExplanation.Losers(outcome, setAside, settings, confirmedRate));
    }

    public static string KindName(TuneLimitKind kind) => kind switch
    {
        TuneLimitKind.Service => "service",
        TuneLimitKind.RequestUnits => "request_units",
        TuneLimitKind.Latency => "latency",
        TuneLimitKind.Client => "client",
        TuneLimitKind.Failures => "failures",
        TuneLimitKind.SearchSpace => "search_space",
        TuneLimitKind.Plateau => "plateau",
        TuneLimitKind.Budget => "budget",
    };

    private static TuneRecordedProbe Probe(string cell, string role, string step, TuneKnobs knobs, ProbeVerdict verdict, ProbeFigures? f, int ordinal) => new(
        ordinal, cell, role, step, knobs.Processes, knobs.Tasks, knobs.BatchSize, verdict.ToName(),
        f?.EntitiesPerSecond, f?.P50Ms, f?.P99Ms, f?.ThrottledPercent, f?.FailedPercent, f?.ClientSaturated, f?.CpuMicrosecondsPerEntity);
}
