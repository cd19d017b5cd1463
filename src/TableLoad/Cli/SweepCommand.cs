using System.CommandLine;
using System.ComponentModel;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Sweep;

namespace TableLoad.Cli;

/// <summary><c>tableload sweep</c>: runs <c>tableload run</c> once per cell of a grid of knob values.</summary>
internal static class SweepCommand
{
    public static Command Create()
    {
        var options = new SweepOptions();
        var command = new Command(
            "sweep",
            "Run 'tableload run' once per cell of a grid of knob values (processes, tasks, batch size, entity size, partitions, rate; " +
            "comma-separated lists, run in that order, rate innermost) and collect one row per cell in <output>/sweep.csv. " +
            "Every other run option is passed to each cell; each cell gets a fresh table unless --table names one for all (then kept). Exit codes: 0 done, 2 bad input, 3 target unreachable, " +
            "4 a --verify mismatch, 5 a cell failed, 130 interrupted (finished cells are kept; --resume goes on).");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        command.SetAction(async (parse, _) =>
        {
            try
            {
                var settings = SweepSettingsFactory.Create(parse, options, DateTimeOffset.UtcNow, Environment.GetEnvironmentVariable);
                using var signals = new SweepSignals();
                using var interrupts = Interrupts.Register(() =>
                {
                    Console.Error.WriteLine(signals.Interrupted
                        ? "Stopping the running cell now."
                        : "Stopping the sweep: the running cell stops and writes its results (Ctrl+C again to stop it at once).");
                    signals.Request();
                });

                var launcher = ChildCellLauncher.ForThisProgram(new CellSecrets(settings.ConnectionString, settings.Sas), Console.Error);
                var exitCode = await new SweepRunner(settings, launcher, Console.Out, Console.Error, TimeProvider.System).RunAsync(signals).ConfigureAwait(false);
                if (settings.Report && exitCode is not (ExitCodes.BadInput or ExitCodes.Unreachable or ExitCodes.Interrupted))
                {
                    await AnalysisReport.RunAsync(settings.OutputDirectory, Console.Error).ConfigureAwait(false);
                }

                return exitCode;
            }
            catch (UsageException ex)
            {
                await Console.Error.WriteLineAsync(ex.Message).ConfigureAwait(false);
                return ExitCodes.BadInput;
            }
            catch (Win32Exception ex)
            {
                await Console.Error.WriteLineAsync($"A cell's tableload run could not be started ({ex.Message}); put dotnet on PATH.").ConfigureAwait(false);
                return ExitCodes.Failure;
            }
        });
        return command;
    }
}
