using System.CommandLine;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using TableLoad.Engine;
using TableLoad.Hosting;
using TableLoad.Reporting;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary><c>tableload run</c>: one load test against one table.</summary>
internal static class RunCommand
{
    public static Command Create()
    {
        var options = new RunOptions();
        var command = options.CreateCommand("Run a batch-write load test and print the latency table. Exit codes: 0 done, 1 a result file could not be written (the table still deleted), 2 bad input, 3 target unreachable, 4 --verify mismatch, 5 a worker process failed (partial results), 99 a --fail-if threshold broke or an --abort-if condition stopped the run (after every file is written), 130 interrupted.");

        command.SetAction(async (parse, _) =>
        {
            var settings = await Refusal.SettingsOrSayWhyAsync(() =>
            {
                var run = Settings();
                // Here, not in the factory: a sweep's or a round's child run gets a folder its parent has emptied, and is checked before that.
                var errors = new UsageErrors();
                OutputPaths.CheckNoEarlierResults(errors, options.Output, run.OutputDirectory);
                errors.ThrowIfAny();
                return run;
            }).ConfigureAwait(false);
            if (settings is null)
            {
                return ExitCodes.BadInput;
            }

            RunSettings Settings()
            {
                if (ScenarioProfile.Names(parse.GetValue(options.Config), options) is { Count: > 0 } scenarios)
                {
                    (var run, parse) = ScenarioSettingsFactory.Create(parse, options, scenarios, DateTimeOffset.UtcNow, Environment.GetEnvironmentVariables(), Environment.GetEnvironmentVariable);
                    return run;
                }

                var layered = RunProfile.LayersOf(options).Layer(parse, Environment.GetEnvironmentVariables());
                parse = layered.Parse;
                return layered.Judged(p => RunSettingsFactory.Create(p, options, DateTimeOffset.UtcNow, Environment.GetEnvironmentVariable));
            }

            var verbosity = parse.GetValue(TableLoadCli.Verbosity);
            return await CommandHost.RunAsync(
                verbosity,
                services => services.AddSingleton<StopSignals>(),
                provider => DrainThenAbandon(provider.GetRequiredService<StopSignals>(), CommandLog.Of(provider)),
                async provider =>
                {
                    var log = CommandLog.Of(provider);
                    if (settings.Load.Entity is { Ignored.Count: > 0 } sample)
                    {
                        log.LogInformation("{Sentence}", SampleEntityOption.IgnoredNotice(sample));
                    }

                    log.LogDebug("settings in effect (as run.json records them, no secret among them): {Options}", ResultJson.Serialize(RecordedRunOptions.Of(settings)));

                    // Refused or unanswered table calls are said in one sentence by the run itself (RunCoordinator).
                    var progress = verbosity == Verbosity.Quiet ? null : Console.Error;
                    var code = await new RunCoordinator(settings, Console.Out, log, progress, provider.GetRequiredService<TimeProvider>())
                        .RunAsync(provider.GetRequiredService<StopSignals>()).ConfigureAwait(false);
                    if (parse.GetValue(options.Report) && code is not (ExitCodes.BadInput or ExitCodes.Unreachable or ExitCodes.Interrupted))
                    {
                        await AnalysisReport.RunAsync(settings.OutputDirectory, log).ConfigureAwait(false);
                    }

                    return code;
                }).ConfigureAwait(false);
        });
        return command;
    }

    /// <summary>The first Ctrl+C stops new batches and lets those in flight finish; the second abandons them.</summary>
    private static Action DrainThenAbandon(StopSignals signals, ILogger log) => () =>
    {
        log.LogWarning("{Sentence}", signals.Interrupted
            ? "Stopping now; batches still in flight are abandoned and read back."
            : "Stopping: no new batches; waiting for those in flight (Ctrl+C again to stop at once).");
        signals.Request();
    };
}
