using System.CommandLine;
using TableLoad.Engine;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary><c>tableload run</c>: one load test against one table.</summary>
internal static class RunCommand
{
    public static Command Create()
    {
        var options = new RunOptions();
        var command = options.CreateCommand("Run a batch-insert load test and print the latency table. Exit codes: 0 done, 2 bad input, 3 target unreachable, 4 --verify mismatch, 5 a worker process failed (partial results), 130 interrupted.");

        command.SetAction(async (parse, _) =>
        {
            RunSettings settings;
            try
            {
                parse = RunProfile.Apply(parse, options, Environment.GetEnvironmentVariables());
                settings = RunSettingsFactory.Create(parse, options, DateTimeOffset.UtcNow, Environment.GetEnvironmentVariable);
            }
            catch (UsageException ex)
            {
                await Console.Error.WriteLineAsync(ex.Message).ConfigureAwait(false);
                return ExitCodes.BadInput;
            }

            using var signals = new StopSignals();
            using var interrupts = Interrupts.Register(() =>
            {
                Console.Error.WriteLine(signals.Interrupted
                    ? "Stopping now; batches still in flight are abandoned."
                    : "Stopping: no new batches; waiting for those in flight (Ctrl+C again to stop at once).");
                signals.Request();
            });

            // Refused or unanswered table calls are said in one sentence by the run itself (RunCoordinator).
            var code = await new RunCoordinator(settings, Console.Out, Console.Error, TimeProvider.System).RunAsync(signals).ConfigureAwait(false);
            if (parse.GetValue(options.Report) && code is not (ExitCodes.BadInput or ExitCodes.Unreachable or ExitCodes.Interrupted))
            {
                await Reporting.AnalysisReport.RunAsync(settings.OutputDirectory, Console.Error).ConfigureAwait(false);
            }

            return code;
        });
        return command;
    }
}
