using System.CommandLine;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary>Reads <c>--operation</c> and <c>--key-space</c> for <see cref="RunSettingsFactory"/>'s one pass, with the checks between them and the batch size.</summary>
internal static class OperationOptions
{
    public static (BatchOperation Operation, int? KeySpace) Read(ParseResult parse, RunOptions options, UsageErrors errors, int? batchSize)
    {
        var text = parse.GetValue(options.Operation);
        var known = errors.Require(options.Operation, BatchOperationNames.TryParse(text, out var operation),
            $"--operation must be insert, upsert-replace or upsert-merge, not '{text}'.");
        var keySpace = options.KeySpace.ValueIn(parse, errors);
        if (keySpace is not { } space)
        {
            return (operation, keySpace);
        }

        errors.Require(!known || operation.Overwrites(),
            "--key-space goes with --operation upsert-replace or upsert-merge: the service refuses an insert of a key that exists (409 EntityAlreadyExists).");
        if (batchSize is { } size)
        {
            errors.Require(space >= size, $"--key-space ({space}) must be at least --batch-size ({size}): a batch may not hold the same RowKey twice.");
        }

        return (operation, keySpace);
    }
}
