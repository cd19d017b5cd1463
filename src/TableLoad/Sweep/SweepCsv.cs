using System.Globalization;
using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>
/// The columns of sweep.csv, each declared once with how its field is written and read back:
/// invariant culture, latencies in ms, an empty rate for the closed model.
/// </summary>
internal static class SweepCsv
{
    /// <summary>The cell's name; made from its knobs, so reading checks it against them.</summary>
    public const string CellColumn = "cell";

    /// <summary>The columns in the order a new sweep.csv has them; a file read back may order them otherwise (<see cref="CsvLayout{TRow}"/>).</summary>
    public static readonly IReadOnlyList<CsvColumn<SweepRow>> Columns =
    [
        new(CellColumn, r => Csv.Text(r.Cell.Name), static (r, _) => r),
        Knob("client", c => Csv.Text(c.Client.ToName()), (c, t) => c with { Client = BatchClientKindNames.TryParse(t, out var client) ? client : throw new FormatException($"'{t}' is no client.") }),
        // A sweep written before --runtime was a knob ran every cell tuned.
        Knob("runtime", c => Csv.Text(c.Runtime), (c, t) => c with { Runtime = t }) with { Optional = true },
        // A sweep written before --operation was a knob inserted in every cell.
        Knob("operation", c => Csv.Text(c.Workload.Text), (c, t) => c with { Workload = CellWorkload.TryParse(t, out var workload) ? workload : throw new FormatException($"'{t}' is no operation.") }) with { Optional = true },
        Knob("processes", c => Int(c.Processes), (c, t) => c with { Processes = ParseInt(t) }),
        // Empty, as partitions, for a cell of scenarios, whose own options hold them.
        Knob("tasks", c => IntOrEmpty(c.Tasks), (c, t) => c with { Tasks = ParseIntOrEmpty(t) }),
        // A number, or none for single writes (R reads the column as text then, each size a level of its own).
        Knob("batch_size", c => BatchSizeOrEmpty(c.BatchSize), (c, t) => c with { BatchSize = ParseBatchSize(t) }),
        // Empty for the --entity sample, which makes its own size.
        Knob("entity_size", c => c.Entity.Bytes is { } bytes ? Int(bytes) : "", (c, t) => c with { Entity = EntityShape.FromBytes(t.Length == 0 ? null : ParseInt(t)) }),
        Knob("partitions", c => Csv.Text(c.Partitions), (c, t) => c with { Partitions = t }),
        // The rate's value in the unit it was given in, numeric as in every sweep.csv before the unit existed; rate_unit says which.
        Knob("rate", c => c.Load.Match(static _ => "", static o => Text(o.Target.Value)), (c, t) => c with { Load = CellLoad.Of(t.Length == 0 ? null : new RateTarget(ParseReal(t), c.Load.Rate?.Unit ?? default)) }),
        // eps or rps, empty for the closed model; a sweep written before it lacks the column, and its rates were entities per second.
        Knob("rate_unit", c => c.Load.Match(static _ => "", static o => RateUnitText(o.Target.Unit)), (c, t) => c with { Load = c.Load.Match(static closed => closed, o => (CellLoad)new CellLoad.OpenModel(o.Target with { Unit = ParseRateUnit(t) })) }) with { Optional = true },
        Knob("repeat", c => Int(c.Repeat), (c, t) => c with { Repeat = ParseInt(t) }),
        Real("min", r => r.Min, (r, v) => r with { Min = v }),
        Real("median", r => r.Median, (r, v) => r with { Median = v }),
        Real("mean", r => r.Mean, (r, v) => r with { Mean = v }),
        Real("max", r => r.Max, (r, v) => r with { Max = v }),
        Real("p90", r => r.P90, (r, v) => r with { P90 = v }),
        Real("p95", r => r.P95, (r, v) => r with { P95 = v }),
        Real("p99", r => r.P99, (r, v) => r with { P99 = v }),
        // A sweep written before the intervals were columns lacks them; so does a cell with too little data for one.
        Interval("p99_ci_low", r => r.P99Interval?.Lo, (r, v) => r with { P99Interval = Bounds(r.P99Interval) with { Lo = v } }),
        Interval("p99_ci_high", r => r.P99Interval?.Hi, (r, v) => r with { P99Interval = Bounds(r.P99Interval) with { Hi = v } }),
        Count("peak_eps", r => r.PeakEntitiesPerSecond, (r, v) => r with { PeakEntitiesPerSecond = v }),
        Count("succeeded", r => r.Succeeded, (r, v) => r with { Succeeded = v }),
        Count("failed", r => r.Failed, (r, v) => r with { Failed = v }),
        Count("throttled", r => r.Throttled, (r, v) => r with { Throttled = v }),
        Count("timeouts", r => r.Timeouts, (r, v) => r with { Timeouts = v }),
        Real("mean_eps", r => r.MeanEntitiesPerSecond, (r, v) => r with { MeanEntitiesPerSecond = v }),
        Interval("eps_ci_low", r => r.EpsInterval?.Lo, (r, v) => r with { EpsInterval = Bounds(r.EpsInterval) with { Lo = v } }),
        Interval("eps_ci_high", r => r.EpsInterval?.Hi, (r, v) => r with { EpsInterval = Bounds(r.EpsInterval) with { Hi = v } }),
        Real("goodput_mb_s", r => r.GoodputMbPerSecond, (r, v) => r with { GoodputMbPerSecond = v }),
        // Empty when the cell's target sent no request charge (Azure Storage, Azurite), and in a sweep written before TableLoad read them.
        Optional("ru_per_entity", r => r.RuPerEntity, (r, v) => r with { RuPerEntity = v }),
        Optional("ru_per_second", r => r.RuPerSecond, (r, v) => r with { RuPerSecond = v }),
        // Empty in a sweep written before TableLoad classed throttled answers by the limit they named.
        .. ThrottleLimitExtensions.All.Select(ThrottledBy),
        // The service's view of the cell's minutes beside the client's: empty without --service-metrics, when it was unavailable, and in a sweep written before.
        ServiceCount("service_transactions", s => s.Transactions, (s, v) => s with { Transactions = v }),
        ServiceCount("service_throttled", s => s.Throttled, (s, v) => s with { Throttled = v }),
        ServiceLatency("service_server_latency_ms", s => s.ServerLatencyMs, (s, v) => s with { ServerLatencyMs = v }),
        ServiceLatency("service_e2e_latency_ms", s => s.E2eLatencyMs, (s, v) => s with { E2eLatencyMs = v }),
        Real("client_cpu_s", r => r.ClientCpuSeconds, (r, v) => r with { ClientCpuSeconds = v }),
        // Empty in a sweep written before sweep.csv kept the client's CPU per entity.
        Optional("client_cpu_us_per_entity", r => r.ClientCpuUsPerEntity, (r, v) => r with { ClientCpuUsPerEntity = v }),
        new("saturated", r => Csv.Bool(r.Saturated), (r, t) => r with { Saturated = bool.Parse(t) }),
        // verify_mismatch stands in place of the run's status, which is then read back as complete: a mismatch outranks it in the tally and the notes.
        new("status", r => Csv.Text(r.StatusText), (r, t) => t == SweepRow.VerifyMismatchText
            ? r with { Status = RunStatus.Complete, VerifyMismatch = true }
            : r with { Status = RunStatusExtensions.FromSnakeCase(t) ?? throw new FormatException($"'{t}' is no run status.") }),
        // A sweep written before gates lacks the column; its cells were judged by none.
        new("gates", r => GatesText(r.Gates), (r, t) => r with { Gates = ParseGates(t) }) { Optional = true },
        // Each operation's own figures, e.g. read_p99_ms: empty for an operation the cell did not send, and in a sweep written before them.
        .. Enum.GetValues<TableOperation>().SelectMany(o => SliceColumns(o.ToName(), o, r => r.Operations, (r, slices) => r with { Operations = slices })),
        // Each figure that declares a column (Figure.SweepColumn), after every column older sweeps had, so a reader by position still finds those.
        .. Figures.All.Where(f => f.SweepColumn is not null).Select(Declared),
    ];

    /// <summary>The table of a sweep of one load per cell: <see cref="Columns"/>.</summary>
    public static readonly CsvTable<SweepRow> Table = TableOf([]);

    /// <summary>
    /// The table of a sweep whose cells run <paramref name="scenarios"/>: <see cref="Columns"/>, then each scenario's own figures
    /// (<see cref="ScenarioColumns"/>, e.g. lookups_p99_ms); without scenarios, <see cref="Columns"/> alone.
    /// </summary>
    public static CsvTable<SweepRow> TableOf(IReadOnlyList<string> scenarios) =>
        new(ResultFiles.SweepCsv, [.. Columns, .. scenarios.SelectMany(ScenarioColumns)], CellColumn, SweepRow.ToBeRead, r => r.Cell.Name)
        {
            // Each bound is a column of its own: an interval that one of them left half read (a spreadsheet cleared it) is none.
            Complete = r => r with { EpsInterval = Whole(r.EpsInterval), P99Interval = Whole(r.P99Interval) },
        };

    /// <summary>The columns of <paramref name="scenarios"/>' figures that would be a column of every sweep.csv (a scenario named <c>peak</c>: peak_eps).</summary>
    public static IEnumerable<(string Scenario, string Column)> Clashes(IEnumerable<string> scenarios) =>
        scenarios.SelectMany(s => ScenarioColumns(s).Select(c => (s, c.Name))).Where(c => Columns.Any(k => k.Name == c.Name));

    /// <summary>Scenario <paramref name="name"/>'s figures, its summary.json <c>scenarios.NAME</c>: empty in a row that lacks it (a sweep.csv edited by hand).</summary>
    public static IEnumerable<CsvColumn<SweepRow>> ScenarioColumns(string name) =>
        SliceColumns(name, name, r => r.Scenarios, (r, slices) => r with { Scenarios = slices });

    private static readonly CsvLayout<SweepRow> Standard = CsvLayout<SweepRow>.Standard(Table);

    public static string Header => Standard.Header;

    public static string Format(SweepRow row) => Standard.Format(row);

    /// <summary>Reads back a line <see cref="Format"/> wrote; null when it is not a whole row, e.g. cut short by a crash.</summary>
    public static SweepRow? TryParse(string line) => Standard.TryParse(line);

    /// <summary>The layout of a sweep.csv whose header is <paramref name="header"/> (<see cref="CsvLayout{TRow}.FromHeader"/>).</summary>
    public static CsvLayout<SweepRow> FromHeader(string header) => CsvLayout<SweepRow>.FromHeader(header, Table);

    private static CsvColumn<SweepRow> Knob(string name, Func<SweepCell, string> write, Func<SweepCell, string, SweepCell> read) =>
        new(name, r => write(r.Cell), (r, text) => r with { Cell = read(r.Cell, text) });

    // Shortest text that reads back to the same double, so the row equals summary.json exactly.
    private static CsvColumn<SweepRow> Real(string name, Func<SweepRow, double> get, Func<SweepRow, double, SweepRow> set) =>
        new(name, r => get(r).ToString(CultureInfo.InvariantCulture), (r, text) => set(r, ParseReal(text)));

    private static CsvColumn<SweepRow> Count(string name, Func<SweepRow, long> get, Func<SweepRow, long, SweepRow> set) =>
        new(name, r => Csv.Number(get(r)), (r, text) => set(r, ParseLong(text)));

    // Empty when the figure has no interval; a bound read alone waits for the other column to complete it (Table.Complete).
    private static CsvColumn<SweepRow> Interval(string name, Func<SweepRow, double?> get, Func<SweepRow, double, SweepRow> set) =>
        new(name, r => get(r) is { } value ? value.ToString(CultureInfo.InvariantCulture) : "", (r, text) => text.Length == 0 ? r : set(r, ParseReal(text))) { Optional = true };

    private static CsvColumn<SweepRow> Optional(string name, Func<SweepRow, double?> get, Func<SweepRow, double?, SweepRow> set) =>
        new(name, r => get(r) is { } value ? value.ToString(CultureInfo.InvariantCulture) : "", (r, text) => set(r, text.Length == 0 ? null : ParseReal(text))) { Optional = true };

    private static CsvColumn<SweepRow> ServiceCount(string name, Func<CellService, long> get, Func<CellService, long, CellService> set) =>
        new(name, r => r.Service is { } service ? Csv.Number(get(service)) : "",
            (r, text) => text.Length == 0 ? r : r with { Service = set(r.Service ?? new CellService(0, 0, null, null), ParseLong(text)) }) { Optional = true };

    // Empty too when the service gave no latency in the cell's minutes.
    private static CsvColumn<SweepRow> ServiceLatency(string name, Func<CellService, double?> get, Func<CellService, double?, CellService> set) =>
        new(name, r => r.Service is { } service && get(service) is { } value ? Text(value) : "",
            (r, text) => text.Length == 0 ? r : r with { Service = set(r.Service ?? new CellService(0, 0, null, null), ParseReal(text)) }) { Optional = true };

    // Empty where the cell measured nothing the figure is read from, and in a sweep written before the figure had its column.
    private static CsvColumn<SweepRow> Declared(Figure figure) =>
        new(figure.SweepColumn!, r => r.DeclaredFigures[figure.Id] is { } value ? Text(value) : "",
            (r, text) => text.Length == 0 ? r : r with { DeclaredFigures = r.DeclaredFigures.With(figure.Id, ParseReal(text)) }) { Optional = true };

    private static CsvColumn<SweepRow> ThrottledBy(ThrottleLimit limit) =>
        new("throttled_" + limit.ToSnakeCase(), r => r.Throttling is { } counts ? Csv.Number(counts[limit]) : "", (r, text) => text.Length == 0 ? r : r with
        {
            Throttling = (r.Throttling ?? default).With(limit, long.Parse(text, NumberStyles.None, CultureInfo.InvariantCulture)),
        }) { Optional = true };

    // The six figures of a slice, declared once for operations and scenarios alike: <name>_requests ... <name>_p99_ms, the name's '-' an '_'.
    private static IEnumerable<CsvColumn<SweepRow>> SliceColumns<TKey>(
        string name, TKey key, Func<SweepRow, CellSlices<TKey>> slices, Func<SweepRow, CellSlices<TKey>, SweepRow> with)
        where TKey : notnull
    {
        CsvColumn<SweepRow> Column(string figure, Func<SliceFigures, string> write, Func<SliceFigures, string, SliceFigures> read) =>
            new($"{name.Replace('-', '_')}_{figure}", r => slices(r)[key] is { } sent ? write(sent) : "",
                (r, text) => text.Length == 0 ? r : with(r, slices(r).With(key, f => read(f, text)))) { Optional = true };

        return
        [
            Column("requests", f => Csv.Number(f.Requests), (f, t) => f with { Requests = ParseLong(t) }),
            Column("entities", f => Csv.Number(f.Entities), (f, t) => f with { Entities = ParseLong(t) }),
            Column("eps", f => Text(f.MeanEntitiesPerSecond), (f, t) => f with { MeanEntitiesPerSecond = ParseReal(t) }),
            Column("peak_eps", f => Csv.Number(f.PeakEntitiesPerSecond), (f, t) => f with { PeakEntitiesPerSecond = ParseLong(t) }),
            Column("p50_ms", f => Text(f.P50), (f, t) => f with { P50 = ParseReal(t) }),
            Column("p99_ms", f => Text(f.P99), (f, t) => f with { P99 = ParseReal(t) }),
        ];
    }

    private static ConfidenceInterval? Whole(ConfidenceInterval? interval) =>
        interval is { } i && (double.IsNaN(i.Lo) || double.IsNaN(i.Hi)) ? null : interval;

    private static ConfidenceInterval Bounds(ConfidenceInterval? interval) => interval ?? new ConfidenceInterval(double.NaN, double.NaN);

    public static string GatesText(GateOutcome gates) => gates switch
    {
        GateOutcome.None => "",
        GateOutcome.Passed => "passed",
        GateOutcome.Failed => "failed",
    };

    private static GateOutcome ParseGates(string text) => text switch
    {
        "" => GateOutcome.None,
        "passed" => GateOutcome.Passed,
        "failed" => GateOutcome.Failed,
        _ => throw new FormatException($"'{text}' is no gates verdict."),
    };

    private static string RateUnitText(RateUnit unit) => unit switch
    {
        RateUnit.EntitiesPerSecond => "eps",
        RateUnit.RequestsPerSecond => "rps",
    };

    private static RateUnit ParseRateUnit(string text) => text.Length == 0 ? RateUnit.EntitiesPerSecond :
        Enum.GetValues<RateUnit>().Where(u => RateUnitText(u) == text).Select(u => (RateUnit?)u).FirstOrDefault() ?? throw new FormatException($"'{text}' is no rate unit.");

    private static string Int(int value) => value.ToString(CultureInfo.InvariantCulture);

    // A knob a cell of scenarios leaves to them is 0, and empty in the file.
    private static string IntOrEmpty(int value) => value > 0 ? Int(value) : "";

    private static int ParseIntOrEmpty(string text) => text.Length == 0 ? 0 : ParseInt(text);

    private static string BatchSizeOrEmpty(Batching batching) => batching.Form switch
    {
        WriteForm.Transaction => IntOrEmpty(batching.Size),
        WriteForm.Single => batching.Text,
    };

    private static Batching ParseBatchSize(string text) =>
        text.Length == 0 ? default : Batching.TryParse(text, out var batching) ? batching : throw new FormatException($"'{text}' is no batch size.");

    private static int ParseInt(string text) => int.Parse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    private static string Text(double value) => value.ToString(CultureInfo.InvariantCulture);

    private static long ParseLong(string text) => long.Parse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    private static double ParseReal(string text) => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
}
