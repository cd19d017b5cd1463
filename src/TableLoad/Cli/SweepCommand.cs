using System.CommandLine;
using System.ComponentModel;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using TableLoad.Hosting;
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
            if (await Refusal.SettingsOrSayWhyAsync(() => SweepSettingsFactory.Create(parse, options, DateTimeOffset.UtcNow, Environment.GetEnvironmentVariable, Environment.GetEnvironmentVariables())).ConfigureAwait(false) is not { } settings)
            {
                return ExitCodes.BadInput;
            }

            return await CommandHost.RunAsync(
                parse.GetValue(TableLoadCli.Verbosity),
                services => services.AddSingleton<SweepSignals>(),
                provider => StopCellThenAtOnce(provider.GetRequiredService<SweepSignals>(), CommandLog.Of(provider)),
                provider => SweepAsync(settings, provider)).ConfigureAwait(false);
        });
        return command;
    }

    private static async Task<int> SweepAsync(SweepSettings settings, IServiceProvider provider)
    {
        var log = CommandLog.Of(provider);
        try
        {
            var launcher = ChildCellLauncher.ForThisProgram(new CellSecrets(settings.ConnectionString, settings.Sas), log);
            var exitCode = await new SweepRunner(settings, launcher, Console.Out, log, provider.GetRequiredService<TimeProvider>())
                .RunAsync(provider.GetRequiredService<SweepSignals>()).ConfigureAwait(false);
            if (settings.Report && exitCode is not (ExitCodes.BadInput or ExitCodes.Unreachable or ExitCodes.Interrupted))
            {
                await AnalysisReport.RunAsync(settings.OutputDirectory, log).ConfigureAwait(false);
            }

            return exitCode;
        }
        catch (UsageException ex)
        {
            log.LogError("{Sentence}", ex.Message);
            return ExitCodes.BadInput;
        }
        catch (Win32Exception ex)
        {
            log.LogError("{Sentence}", $"A cell's tableload run could not be started ({ex.Message}); put dotnet on PATH.");
            return ExitCodes.Failure;
        }
    }

    /// <summary>The first Ctrl+C lets the running cell stop and write its results; the second stops it at once.</summary>
    private static Action StopCellThenAtOnce(SweepSignals signals, ILogger log) => () =>
    {
        log.LogWarning(signals.Interrupted
            ? "Stopping the running cell now."
            : "Stopping the sweep: the running cell stops and writes its results (Ctrl+C again to stop it at once).");
        signals.Request();
    };
}
