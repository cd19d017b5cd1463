using System.CommandLine;
using TableLoad.Reporting;
using TableLoad.Reporting.Merge;

namespace TableLoad.Cli;

/// <summary><c>tableload report DIR...</c>: merges result folders of several instances or runs without loss.</summary>
internal static class ReportCommand
{
    public static Command Create()
    {
        var folders = new Argument<string[]>("folders") { Description = "Result folders written by tableload run.", Arity = ArgumentArity.OneOrMore };
        var label = new Option<string?>("--label") { Description = "Merge folders of different run ids under this label. Default: all folders must share one run id." };
        var output = new Option<string?>("--output") { Description = "Folder for the merged result files. Default: results/<run id or label>-merged/." };
        var command = new Command("report", "Merge the result folders of several instances (or runs grouped by --label) and print the table as one coordinator would have.")
        {
            folders, label, output,
        };

        command.SetAction(async parse =>
        {
            List<ResultPart> parts;
            try
            {
                parts = parse.GetValue(folders)!.Select(ResultPart.Read).ToList();
            }
            catch (FormatException ex)
            {
                await Console.Error.WriteLineAsync(ex.Message).ConfigureAwait(false);
                return ExitCodes.BadInput;
            }

            var runIds = parts.Select(p => p.RunId).Distinct().ToList();
            var groupLabel = parse.GetValue(label);
            if (runIds.Count > 1 && groupLabel is null)
            {
                await Console.Error.WriteLineAsync($"The folders come from {runIds.Count} different runs ({string.Join(", ", runIds)}); give --label to merge them as one group.").ConfigureAwait(false);
                return ExitCodes.BadInput;
            }

            var clients = parts.Select(p => p.Client).Distinct().ToList();
            if (clients.Count > 1 && groupLabel is null)
            {
                await Console.Error.WriteLineAsync($"The folders were made with different clients ({string.Join(", ", clients)}), whose figures differ by the client's own cost; give --label to merge them as one group anyway.").ConfigureAwait(false);
                return ExitCodes.BadInput;
            }

            var name = groupLabel ?? runIds[0];
            var destination = parse.GetValue(output) ?? Path.Combine("results", new string(name.Select(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' ? c : '_').ToArray()) + "-merged");
            var summary = await ResultMerger.MergeAsync(parts, destination, groupLabel).ConfigureAwait(false);
            await Console.Out.WriteAsync(ResultTable.Render([summary])).ConfigureAwait(false);
            await Console.Out.WriteAsync(ResultTable.RenderDetails(summary)).ConfigureAwait(false);
            await Console.Out.WriteLineAsync($"results: {destination}").ConfigureAwait(false);
            return ExitCodes.Success;
        });
        return command;
    }
}
