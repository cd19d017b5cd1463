using System.CommandLine;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Cli;

/// <summary>What <c>--operation</c> and the options of its keys (<c>--key-space</c>, <c>--preload</c>, a query's shape) say, read in <see cref="RunSettingsFactory"/>'s one pass.</summary>
internal sealed record OperationChoice(LoadOperations Operations, int? KeySpace, bool Preload, QueryShape Query, KeyDistribution KeyDistribution = KeyDistribution.Uniform)
{
    /// <summary>Every operation the run sends.</summary>
    public IReadOnlyList<TableOperation> Sent => Operations.Sent;

    /// <summary>The operation whose batches the service's limits are checked on: the mix's first that writes, if it has one.</summary>
    public TableOperation Batched => Sent.Where(o => o.KeyUse().Changes()).DefaultIfEmpty(Sent[0]).First();

    /// <summary>The entities a request carries on average, in batches of <paramref name="batchSize"/>: what a rate in requests per second is converted by.</summary>
    public double EntitiesPerRequest(int batchSize) => Operations.EntitiesPerRequest(batchSize, Query);
}

/// <summary>Reads <c>--operation</c> and the options of its keys, with the checks between them and the batch size.</summary>
internal static class OperationOptions
{
    /// <param name="workload">A YCSB preset (<c>--workload</c>), whose mix and key distribution stand where the options were not given.</param>
    public static OperationChoice Read(ParseResult parse, RunOptions options, UsageErrors errors, int? batchSize, WorkloadPreset? workload = null)
    {
        var text = parse.GetValue(options.Operation);
        var known = errors.Require(options.Operation, TableOperationNames.TryParse(text, out var operation),
            $"--operation must be one of {TableOperationNames.AllNames}, not '{text}'.");
        // A refused preset has said what is wrong; the checks below would speak of the --operation it stood for.
        known &= errors.Accepted(options.Workload);
        var mix = workload?.OperationMix ?? ReadMix(parse, options, errors, ref known);
        var keySpace = options.KeySpace.ValueIn(parse, errors);
        var preload = parse.GetValue(options.Preload);
        var query = ReadQuery(parse, options, errors, workload);
        var distributionText = parse.GetValue(options.KeyDistribution);
        var knownDistribution = errors.Require(options.KeyDistribution, KeyDistributionNames.TryParse(distributionText, out var distribution),
            $"--key-distribution must be {KeyDistributionNames.Names()}, not '{distributionText}'.");
        if (workload is not null && !parse.IsGiven(options.KeyDistribution))
        {
            distribution = workload.KeyDistribution;
        }

        var choice = new OperationChoice(mix is null ? LoadOperations.Of(operation) : LoadOperations.Of(mix), keySpace, preload, query, distribution);
        if (!known)
        {
            return choice;
        }

        var sent = choice.Sent;
        var needsStoredKeys = sent.Any(o => o.NeedsStoredKeys());
        errors.Require(!knownDistribution || distribution == KeyDistribution.Uniform || sent.Any(o => o.DrawsKeys()),
            $"--key-distribution {distribution.ToName()} goes with --operation {TableOperationNames.NamesWhere(o => o.DrawsKeys())}: a write's keys, and a delete's, go in order.");

        // A query's shape given to a load that sends no query would be taken and ignored.
        foreach (var shape in new Option[] { options.QueryLength, options.PageSize.Option }.Where(o => parse.IsGiven(o) && errors.Accepted(o) && !sent.Contains(TableOperation.Query)))
        {
            errors.Require(shape, false, $"{shape.Name} shapes a query, and {Name(workload, mix, operation)} sends none: leave it out, or send queries (--operation query, or query in --mix).");
        }

        // One sentence for the first thing missing: a key space comes before what fills it.
        var name = Name(workload, mix, operation);
        if (!errors.Require(keySpace is not null || mix is null && !operation.NeedsStoredKeys() && !preload, needsStoredKeys || mix is not null
            ? $"{name} acts on the keys of a key space: give --key-space N, and --preload to write them first."
            : "--preload writes every key of the key space: give --key-space N."))
        {
            return choice;
        }

        errors.Require(preload || !needsStoredKeys || parse.GetValue(options.AllowExistingTable),
            $"{name} needs the keys of its key space stored: give --preload, or --allow-existing-table when the table holds them already.");
        errors.Require(!preload || !operation.KeyUse().WritesOnlyNew() || mix is not null,
            "--preload with --operation insert would insert keys the preload stored, which the service refuses (409 EntityAlreadyExists): use upsert-replace, or leave --preload out.");
        if (keySpace is not { } space)
        {
            return choice;
        }

        // With --preload the sentence above said it already.
        errors.Require(preload || mix is not null || !operation.KeyUse().WritesOnlyNew(),
            $"--key-space goes with --operation {TableOperationNames.NamesWhere(o => !o.KeyUse().WritesOnlyNew())}: the service refuses an insert of a key that exists (409 EntityAlreadyExists).");
        // A mix's inserts number their keys on from the key space's last, in the digits every RowKey of a key space has.
        errors.Require(!sent.Contains(TableOperation.Insert) || mix is null || space <= RowKeys.MaxKeySpace / 2,
            $"--key-space ({space}) must be at most {RowKeys.MaxKeySpace / 2} beside a mix's inserts, which number their keys on from its last.");
        // A mix's inserts write keys past the key space, each once, so only the batches that go round the key space need it.
        if (batchSize is { } size && sent.Any(o => !o.DrawsKeys() && (mix is null || !o.KeyUse().WritesOnlyNew())))
        {
            errors.Require(space >= size, $"--key-space ({space}) must be at least --batch-size ({size}): a batch may not hold the same RowKey twice.");
        }

        return choice;
    }

    /// <summary>The option that says what the load sends, as given: "--operation read", "--mix read:80,upsert-replace:20", "--workload ycsb-b".</summary>
    private static string Name(WorkloadPreset? workload, OperationMix? mix, TableOperation operation) =>
        workload is not null ? $"--workload {workload.Name}" : mix is null ? $"--operation {operation.ToName()}" : $"--mix {mix.ToText()}";

    /// <summary>What a query asks for: <c>--query-length</c> (or the preset's, when it is not given) and <c>--page-size</c>.</summary>
    private static QueryShape ReadQuery(ParseResult parse, RunOptions options, UsageErrors errors, WorkloadPreset? workload)
    {
        var pageSize = options.PageSize.ValueIn(parse, errors) ?? QueryShape.MaxPageSize;
        var text = workload?.QueryLength is { } preset && !parse.IsGiven(options.QueryLength) ? preset : parse.GetValue(options.QueryLength);
        errors.Require(options.QueryLength, QueryShape.TryParseLength(text, pageSize, out var query, out var fault), fault);
        return query;
    }

    /// <summary>The mix, when <c>--mix</c> is given and acceptable; <paramref name="known"/> turns false when it is refused.</summary>
    private static OperationMix? ReadMix(ParseResult parse, RunOptions options, UsageErrors errors, ref bool known)
    {
        if (!parse.IsGiven(options.Mix))
        {
            return null;
        }

        var parsed = OperationMix.TryParse(parse.GetValue(options.Mix), out var mix, out var fault);
        known &= errors.Require(options.Mix, parsed, fault);
        known &= errors.Require(!parse.IsGiven(options.Operation), "--mix names each operation the run sends: give --mix or --operation, not both.");
        return known ? mix : null;
    }
}
