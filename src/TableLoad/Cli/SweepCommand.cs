using System.CommandLine;
using TableLoad.ChildRuns;
using TableLoad.Sweep;

namespace TableLoad.Cli;

/// <summary><c>tableload sweep</c>: runs <c>tableload run</c> once per cell of a grid of knob values.</summary>
internal static class SweepCommand
{
    public static Command Create()
    {
        var options = new SweepOptions();
        var host = new ChildRunsHost<SweepSettings>
        {
            Child = "cell",
            Stopping = "Stopping the sweep: the running cell stops and writes its results (Ctrl+C again to stop it at once).",
            Settings = parse => SweepSettingsFactory.Create(parse, options, DateTimeOffset.UtcNow, Environment.GetEnvironmentVariable, Environment.GetEnvironmentVariables()),
            Secrets = settings => new CellSecrets(settings.ConnectionString, settings.Sas),
            Work = (settings, launcher, log, time, signals) => new SweepRunner(settings, launcher, Console.Out, log, time).RunAsync(signals),
            ReportFolder = (settings, exitCode) =>
                settings.Report && exitCode is not (ExitCodes.BadInput or ExitCodes.Unreachable or ExitCodes.Interrupted) ? settings.OutputDirectory : null,
        };
        return host.Create(
            "sweep",
            "Run 'tableload run' once per cell of a grid of knob values (processes, tasks, batch size, entity size, partitions, rate; " +
            "comma-separated lists, run in that order, rate innermost) and collect one row per cell in <output>/sweep.csv. " +
            "Every other run option is passed to each cell; each cell gets a fresh table unless --table names one for all (then kept). Exit codes: 0 done, 2 bad input, 3 target unreachable, " +
            "4 a --verify mismatch, 5 a cell failed, 99 a cell broke a --fail-if threshold or was stopped by --abort-if (every cell is run first), 130 interrupted (finished cells are kept; --resume goes on).",
            options.All);
    }
}
