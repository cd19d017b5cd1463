using System.CommandLine;
using TableLoad.Hosting;
using TableLoad.Measurement.Service;
using TableLoad.Measurement.Gates;
using TableLoad.Settings;
using TableLoad.Settings.Gates;
using TableLoad.Reporting;
using TableLoad.Reporting.Exporters;
using TableLoad.Reporting.Merge;
using TableLoad.Service;
using TableLoad.Service.Log;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary><c>tableload report DIR...</c>: merges result folders of several instances or runs without loss.</summary>
internal static class ReportCommand
{
    public static Command Create()
    {
        var folders = new Argument<string[]>("folders") { Description = "Result folders written by tableload run.", Arity = ArgumentArity.OneOrMore };
        var label = new Option<string?>("--label") { Description = "Merge folders of different run ids under this label. Default: all folders must share one run id." };
        var output = new Option<string?>("--output") { Description = "Folder for the merged result files, apart from the folders merged (not one of them, nor holding or inside one) and holding no earlier results. Default: results/<run id or label>-merged/." };
        var failIf = new Option<string?>("--fail-if")
        {
            Description = $"Gates on the merged figures, as run --fail-if takes them (e.g. \"{ThresholdParser.Example}\"; \"read.p99<20ms\" judges the merged figures of an operation the folders sent): one line each after the table; when any fails, exit 99 after the merged folder is written. Default: none.",
        };
        var serviceLog = new Option<string?>("--service-log")
        {
            Description = "Join the folders' requests (their batches.csv) with the service's request log by client request id, as run --service-log does: a file or a folder of resource-log JSON lines or Storage Analytics 1.0 lines, or container:NAME, the account's blob container (insights-logs-storagetablelogs, or $logs) read with $TABLELOAD_CONNECTION_STRING (else the folders' endpoint: the development account on this machine, Microsoft Entra elsewhere), only the blobs of the runs' hours. Summary.json's service.log, and a sentence under the table. Default: none.",
        };
        var serviceMetrics = new ServiceMetricsOptions();
        var junit = new Option<string?>("--junit") { Description = "With --fail-if: also write the verdicts to this file as JUnit XML, one testcase per threshold (not a folder, and not under a file). Default: none." };
        var command = new Command("report", "Merge the result folders of several instances (or runs grouped by --label) and print the table as one coordinator would have. " +
            "Exit codes: 0 done, 2 bad input (folders that are not one workload, a path that cannot be written), 99 a --fail-if threshold broke on the merged figures (after the merged folder is written).")
        {
            folders, label, output, failIf, junit, serviceLog,
        };
        foreach (var option in serviceMetrics.All)
        {
            command.Options.Add(option);
        }

        command.SetAction(async parse =>
        {
            var groupLabel = parse.GetValue(label);
            var errors = new UsageErrors();
            var thresholds = GateOptions.ReadFailIf(errors, failIf, parse.GetValue(failIf));
            var junitPath = parse.GetValue(junit);
            errors.Require(junit, junitPath is null || parse.IsGiven(failIf), JunitWithoutFailIf);
            var serviceLogLocation = parse.GetValue(serviceLog) is { } serviceLogText ? ServiceLogLocation.Parse(serviceLogText) : null;
            var serviceLogRefusal = serviceLogLocation?.Refusal(null);
            errors.Require(serviceLog, serviceLogRefusal is null, serviceLogRefusal ?? "");
            if (await SaidAsync(errors).ConfigureAwait(false))
            {
                return ExitCodes.BadInput;
            }

            MergePlan plan;
            try
            {
                var parts = parse.GetValue(folders)!.Select(ResultPart.Read).ToList();
                var runIds = parts.Select(p => p.RunId).Distinct().ToList();
                if (runIds.Count > 1 && groupLabel is null)
                {
                    throw new FormatException($"The folders come from {runIds.Count} different runs ({string.Join(", ", runIds)}); give --label to merge them as one group.");
                }

                var clients = parts.Select(p => p.Client).Distinct().ToList();
                if (clients.Count > 1 && groupLabel is null)
                {
                    throw new FormatException($"The folders were made with different clients ({string.Join(", ", clients)}), whose figures differ by the client's own cost; give --label to merge them as one group anyway.");
                }

                plan = ResultMerger.Plan(parts);
            }
            catch (FormatException ex)
            {
                await Console.Error.WriteLineAsync(ex.Message).ConfigureAwait(false);
                return ExitCodes.BadInput;
            }

            var operations = plan.Parts.SelectMany(p => p.Summary.Operations.Keys).Distinct().Order(StringComparer.Ordinal);
            // Folders of scenarios are scoped by their scenarios and their scenarios' operations too, as the run was.
            var scopes = plan.Parts[0].Summary.Workload.IsOneLoad ? GateScopes.Operations(operations) : new GateScopes(plan.Parts[0].Slices, GateScopes.ScenarioKind);
            GateOptions.CheckScopes(errors, failIf, thresholds.Select(t => (t.Scope, t.Text)), scopes, "the folders'");
            // The folders' own account, as a run's target: the metrics read must be its.
            var run = plan.Parts[0].Run.Options;
            var metrics = serviceMetrics.Read(parse, errors, new StorageTarget(new Uri(run.Endpoint), run.Account, StorageAuth.Entra));
            // A container is read with the account's own credential; local files need none.
            var serviceLogAccount = serviceLogLocation is ServiceLogLocation.LogContainer && errors.Accepted(serviceLog)
                ? ReportAccount.Of(errors, serviceLog, new Uri(run.Endpoint), run.Account, Environment.GetEnvironmentVariable)
                : null;
            if (serviceLogAccount is not null)
            {
                serviceLogRefusal = serviceLogLocation!.Refusal(serviceLogAccount);
                errors.Require(serviceLog, serviceLogRefusal is null, serviceLogRefusal ?? "");
            }

            var destination = parse.GetValue(output) ?? DefaultOutput(groupLabel ?? plan.Parts[0].RunId);
            // The inputs were only read so far; the output must not overwrite them, nor an earlier merge.
            _ = OutputPaths.CheckFolder(errors, output, destination)
                && OutputPaths.CheckApartFrom(errors, output, destination, parse.GetValue(folders)!)
                && OutputPaths.CheckNoEarlierResults(errors, output, destination);
            OutputPaths.CheckFile(errors, junit, junitPath, destination);
            if (await SaidAsync(errors).ConfigureAwait(false))
            {
                return ExitCodes.BadInput;
            }

            var verbosity = parse.GetValue(TableLoadCli.Verbosity);
            using var stopWaiting = new CancellationTokenSource();
            return await CommandHost.RunAsync(
                verbosity,
                _ => { },
                // Ctrl+C stops the wait for the service's metrics, as a run's does; the merged results stand.
                interrupt: metrics is null ? null : _ => stopWaiting.Cancel,
                async provider =>
                {
                    var minutes = metrics is null ? null : new ClientMinutes();
                    var summary = await ResultMerger.MergeAsync(plan, destination, groupLabel, thresholds, minutes is null ? null : [minutes]).ConfigureAwait(false);
                    var service = await ReportedService.OfAsync(metrics, minutes, [.. plan.Parts.Select(p => (p.Path, p.Summary.Service))], RunTable(plan), destination,
                        Console.Out, verbosity == Verbosity.Quiet ? null : Console.Error, CommandLog.Of(provider), stopWaiting.Token).ConfigureAwait(false);
                    summary = summary with { Service = service };
                    if (serviceLogLocation is not null)
                    {
                        var (joined, warnings) = await ServiceLogJoinStep.JoinAsync(summary, [.. plan.Parts.Select(p => (p.Path, p.StartedUtc))], serviceLogLocation, serviceLogAccount).ConfigureAwait(false);
                        summary = joined;
                        foreach (var warning in warnings)
                        {
                            await Console.Error.WriteLineAsync(warning).ConfigureAwait(false);
                        }
                    }

                    // The gates on the service's figures are judged once the service's view stands beside the merged figures.
                    summary = ThresholdJudge.Recorded(summary, thresholds).Summary;
                    await SummaryJsonExporter.WriteAsync(destination, summary).ConfigureAwait(false);

                    await ResultTableExporter.WriteAsync(Console.Out, summary, perProcess: false).ConfigureAwait(false);
                    var verdicts = ThresholdJudge.Judge(summary, thresholds, RunIntervals.Of);
                    var gates = await ThresholdReport.WriteAsync(verdicts, [], summary, Console.Out, junitPath, $"tableload report {groupLabel ?? plan.Parts[0].RunId}").ConfigureAwait(false);
                    if (summary.Service?.Log is { } joinedLog)
                    {
                        foreach (var line in ServiceLogLines.Of(joinedLog))
                        {
                            await Console.Out.WriteLineAsync(line).ConfigureAwait(false);
                        }
                    }

                    await Console.Out.WriteLineAsync($"results: {destination}").ConfigureAwait(false);
                    return gates == GateOutcome.Failed ? ExitCodes.GateFailed : ExitCodes.Success;
                }).ConfigureAwait(false);
        });
        return command;
    }

    /// <summary>The table the folders' runs wrote, which a Cosmos DB account's metrics are filtered to; null when they wrote several.</summary>
    private static string? RunTable(MergePlan plan) => plan.Parts.Select(p => p.Run.Options.Table).Distinct(StringComparer.Ordinal).ToList() is [var only] ? only : null;

    private const string JunitWithoutFailIf = "--junit writes the verdicts of --fail-if's thresholds; give --fail-if too.";

    /// <summary>Says every fault on stderr; true when there was one.</summary>
    private static async Task<bool> SaidAsync(UsageErrors errors)
    {
        try
        {
            errors.ThrowIfAny();
            return false;
        }
        catch (UsageException refusal)
        {
            await Console.Error.WriteLineAsync(refusal.Message).ConfigureAwait(false);
            return true;
        }
    }

    /// <summary>results/&lt;run id or label&gt;-merged/, the name made safe for a folder.</summary>
    public static string DefaultOutput(string name) =>
        Path.Combine("results", new string(name.Select(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' ? c : '_').ToArray()) + "-merged");
}
