using System.CommandLine;
using TableLoad.ChildRuns;
using TableLoad.Tune;

namespace TableLoad.Cli;

/// <summary><c>tableload tune</c>: searches tasks, batch size and processes for the most entities per second under the constraints, and says what to run.</summary>
internal static class TuneCommand
{
    public static Command Create()
    {
        var options = new TuneOptions();
        var host = new ChildRunsHost<TuneSettings>
        {
            Child = "probe",
            Stopping = "Stopping tune: the running probe stops and writes its results, then tune.json is written (Ctrl+C again to stop the probe at once).",
            Settings = parse => TuneSettingsFactory.Create(parse, options, DateTimeOffset.UtcNow, Environment.GetEnvironmentVariable, Environment.GetEnvironmentVariables()),
            Secrets = settings => new CellSecrets(settings.Probes.ConnectionString, settings.Probes.Sas),
            Work = (settings, launcher, log, time, signals) => new TuneRunner(settings, launcher, Console.Out, log, time).RunAsync(signals),
            // TuneRunner runs --report itself, before the reproducing command, so that the command stays the last line.
            ReportFolder = (_, _) => null,
        };
        return host.Create(
            "tune",
            "Find the tasks, batch size and processes that sustain the most entities per second while p99 latency, throttling, failures and the client's own load stay within bounds. " +
            "Short probes (each a 'tableload run' with its own folder) climb concurrency, narrow in on where a constraint breaks or the fitted Universal Scalability Law peaks, then try smaller batches and more processes; " +
            "the best runs --confirm times more, for longer. Prints one line per probe, the recommendation, what limits it, and last the 'tableload run' command that reproduces it; " +
            "writes tune.csv and tune.json in --output. Every other run option is the load being tuned and goes to every probe. " +
            "Exit codes: 0 recommended, 2 bad input, 3 target unreachable, 6 no configuration met the constraints, 130 interrupted (--resume goes on).",
            options.All);
    }
}
