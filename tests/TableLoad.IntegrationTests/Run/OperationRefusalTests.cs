using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--operation, --key-space, --preload and a query's shape refused as a user meets it: one sentence, exit code 2, and not one connection to the target.</summary>
public sealed class OperationRefusalTests
{
    [Theory]
    [InlineData("--key-space goes with --operation upsert-replace, upsert-merge, read, query, delete or read-modify-write: the service refuses an insert of a key that exists (409 EntityAlreadyExists).",
        "--key-space", "500")]
    [InlineData("--key-space (50) must be at least --batch-size (100): a batch may not hold the same RowKey twice.",
        "--operation", "upsert-merge", "--key-space", "50")]
    [InlineData("--operation must be one of insert, upsert-replace, upsert-merge, read, query, delete, read-modify-write, not 'scan'.",
        "--operation", "scan")]
    [InlineData("--operation read acts on the keys of a key space: give --key-space N, and --preload to write them first.",
        "--operation", "read")]
    [InlineData("--operation query acts on the keys of a key space: give --key-space N, and --preload to write them first.",
        "--operation", "query", "--preload")]
    [InlineData("--operation delete needs the keys of its key space stored: give --preload, or --allow-existing-table when the table holds them already.",
        "--operation", "delete", "--key-space", "100")]
    [InlineData("--operation read-modify-write acts on the keys of a key space: give --key-space N, and --preload to write them first.",
        "--operation", "read-modify-write", "--preload")]
    [InlineData("--operation read-modify-write needs the keys of its key space stored: give --preload, or --allow-existing-table when the table holds them already.",
        "--operation", "read-modify-write", "--key-space", "5")]
    [InlineData("--preload writes every key of the key space: give --key-space N.",
        "--operation", "upsert-replace", "--preload")]
    [InlineData("--preload with --operation insert would insert keys the preload stored, which the service refuses (409 EntityAlreadyExists): use upsert-replace, or leave --preload out.",
        "--preload", "--key-space", "500")]
    [InlineData("--key-distribution zipfian goes with --operation read, query or read-modify-write: a write's keys, and a delete's, go in order.",
        "--operation", "upsert-replace", "--key-space", "100", "--key-distribution", "zipfian")]
    [InlineData("--key-distribution must be uniform, zipfian or latest, not 'hotspot'.",
        "--operation", "read", "--key-space", "100", "--preload", "--key-distribution", "hotspot")]
    [InlineData("--query-length must be between 1 and 1000000 entities, not 0.",
        "--operation", "query", "--key-space", "10", "--preload", "--query-length", "0")]
    [InlineData("--page-size must be between 1 and 1000 entities (the service returns at most 1000 entities an answer), not 1001.",
        "--operation", "query", "--key-space", "10", "--preload", "--page-size", "1001")]
    [InlineData("--key-space (50) must be at least --batch-size (100): a batch may not hold the same RowKey twice.",
        "--operation", "delete", "--key-space", "50", "--preload")]
    [InlineData("--key-space must be between 1 and 100000000 keys, not 0.",
        "--operation", "upsert-replace", "--key-space", "0")]
    [InlineData("--query-length shapes a query, and --operation read sends none: leave it out, or send queries (--operation query, or query in --mix).",
        "--operation", "read", "--key-space", "10", "--preload", "--query-length", "5")]
    [InlineData("--page-size shapes a query, and --mix read:80,upsert-replace:20 sends none: leave it out, or send queries (--operation query, or query in --mix).",
        "--mix", "read:80,upsert-replace:20", "--key-space", "100", "--preload", "--page-size", "50")]
    [InlineData("--page-size shapes a query, and --operation insert sends none: leave it out, or send queries (--operation query, or query in --mix).",
        "--page-size", "1000")]
    [InlineData("--batches 2 is fewer batches than --processes 3, so 1 of the 3 processes would send nothing: give at least 3 batches, or --processes 2.",
        "--batches", "2", "--processes", "3")]
    [InlineData("--max-entities 300 (3 batches of 100) is fewer batches than --processes 4, so 1 of the 4 processes would send nothing: give at least 4 batches, or --processes 3.",
        "--max-entities", "300", "--processes", "4")]
    public Task BadOperationOrKeySpace_OneSentence_ExitTwo_NoRequest(string sentence, params string[] options) => RefusedRun.AssertRefusedAsync(sentence, options);
}
