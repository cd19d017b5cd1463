using System.CommandLine;
using System.ComponentModel;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using TableLoad.ChildRuns;
using TableLoad.Hosting;
using TableLoad.Reporting;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// A command whose work is child <c>tableload run</c>s (sweep's cells, tune's probes): its settings checked before
/// any child starts; the first Ctrl+C lets the running child stop and write its results, the second stops it at
/// once; a refusal found late and a child that cannot start are each said in one sentence; the report at the end.
/// </summary>
/// <typeparam name="TSettings">The command's validated settings.</typeparam>
internal sealed class ChildRunsHost<TSettings>
    where TSettings : class
{
    /// <summary>What one child run is called: "cell", "probe".</summary>
    public required string Child { get; init; }

    /// <summary>What the first Ctrl+C does, said when it comes.</summary>
    public required string Stopping { get; init; }

    public required Func<ParseResult, TSettings> Settings { get; init; }

    /// <summary>The secrets the children get in their environment.</summary>
    public required Func<TSettings, CellSecrets> Secrets { get; init; }

    public required Func<TSettings, ICellLauncher, ILogger, TimeProvider, ChildRunSignals, Task<int>> Work { get; init; }

    /// <summary>The folder to report on after the work ended with the given exit code; null for none.</summary>
    public required Func<TSettings, int, string?> ReportFolder { get; init; }

    public Command Create(string name, string description, IEnumerable<Option> options)
    {
        var command = new Command(name, description);
        foreach (var option in options)
        {
            command.Add(option);
        }

        command.SetAction((parse, _) => InvokeAsync(parse));
        return command;
    }

    /// <summary>The command's action: its settings, or their refusal (exit 2) before any child starts; then the work in the host.</summary>
    public async Task<int> InvokeAsync(ParseResult parse)
    {
        if (await Refusal.SettingsOrSayWhyAsync(() => Settings(parse)).ConfigureAwait(false) is not { } settings)
        {
            return ExitCodes.BadInput;
        }

        return await CommandHost.RunAsync(
            parse.GetValue(TableLoadCli.Verbosity),
            services => services.AddSingleton<ChildRunSignals>(),
            provider => StopThenAtOnce(provider.GetRequiredService<ChildRunSignals>(), CommandLog.Of(provider)),
            provider => RunAsync(settings, provider)).ConfigureAwait(false);
    }

    private async Task<int> RunAsync(TSettings settings, IServiceProvider provider)
    {
        var log = CommandLog.Of(provider);
        try
        {
            var launcher = ChildCellLauncher.ForThisProgram(Secrets(settings), log);
            var exitCode = await Work(settings, launcher, log, provider.GetRequiredService<TimeProvider>(), provider.GetRequiredService<ChildRunSignals>()).ConfigureAwait(false);
            if (ReportFolder(settings, exitCode) is { } folder)
            {
                await AnalysisReport.RunAsync(folder, log).ConfigureAwait(false);
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
            log.LogError("{Sentence}", $"A {Child}'s tableload run could not be started ({ex.Message}); put dotnet on PATH.");
            return ExitCodes.Failure;
        }
    }

    private Action StopThenAtOnce(ChildRunSignals signals, ILogger log) => () =>
    {
        log.LogWarning("{Sentence}", signals.Interrupted ? $"Stopping the running {Child} now." : Stopping);
        signals.Request();
    };
}
