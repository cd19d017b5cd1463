using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--mix and --workload refused as a user meets them: one sentence, exit code 2, and not one connection to the target.</summary>
public sealed class MixRefusalTests
{
    [Theory]
    [InlineData("--mix 'read:80,delete:20' holds delete, which would take away keys the others draw from (a read of one would find nothing): a mix holds insert, upsert-replace, upsert-merge, read, query, read-modify-write.",
        "--mix", "read:80,delete:20", "--key-space", "100", "--preload")]
    [InlineData("--mix 'read:eighty' has a weight that is not a number, 'eighty'; write NAME:WEIGHT pairs such as --mix read:80,upsert-replace:20.",
        "--mix", "read:eighty", "--key-space", "100", "--preload")]
    [InlineData("--mix 'scan:10' names 'scan', which is not one of insert, upsert-replace, upsert-merge, read, query, delete, read-modify-write.",
        "--mix", "scan:10", "--key-space", "100", "--preload")]
    [InlineData("--mix names each operation the run sends: give --mix or --operation, not both.",
        "--mix", "read:1", "--operation", "read", "--key-space", "100", "--preload")]
    [InlineData("--mix read:80,upsert-replace:20 acts on the keys of a key space: give --key-space N, and --preload to write them first.",
        "--mix", "read:80,upsert-replace:20")]
    [InlineData("--mix read:80,upsert-replace:20 needs the keys of its key space stored: give --preload, or --allow-existing-table when the table holds them already.",
        "--mix", "read:80,upsert-replace:20", "--key-space", "100")]
    [InlineData("--key-space (50) must be at least --batch-size (100): a batch may not hold the same RowKey twice.",
        "--mix", "read:80,upsert-merge:20", "--key-space", "50", "--preload")]
    [InlineData("--key-distribution zipfian goes with --operation read, query or read-modify-write: a write's keys, and a delete's, go in order.",
        "--mix", "upsert-replace:1,upsert-merge:1", "--key-space", "100", "--preload", "--key-distribution", "zipfian")]
    [InlineData("--mix 'read:0,query:0' has weights that sum to 0, so nothing could be drawn; give at least one a weight above 0.",
        "--mix", "read:0,query:0", "--key-space", "100", "--preload")]
    [InlineData("--query-length must be a length between 1 and 1000000 entities, or a range of them such as 1..100, not '0..5'.",
        "--workload", "ycsb-e", "--query-length", "0..5", "--key-space", "100", "--preload")]
    [InlineData("--query-length 5..2 starts above where it ends: write the shorter length first, as in 1..100.",
        "--operation", "query", "--query-length", "5..2", "--key-space", "100", "--preload")]
    [InlineData("--key-space (60000000) must be at most 50000000 beside a mix's inserts, which number their keys on from its last.",
        "--workload", "ycsb-d", "--key-space", "60000000", "--preload")]
    [InlineData("--workload must be ycsb-a, ycsb-b, ycsb-c, ycsb-d, ycsb-e, ycsb-f, not 'tpc-c'.",
        "--workload", "tpc-c", "--key-space", "100", "--preload")]
    [InlineData("--workload ycsb-b sends --mix read:95,upsert-replace:5: give --workload, --mix or --operation, one of them.",
        "--workload", "ycsb-b", "--operation", "read", "--key-space", "100", "--preload")]
    [InlineData("--workload ycsb-a needs the keys of its key space stored: give --preload, or --allow-existing-table when the table holds them already.",
        "--workload", "ycsb-a", "--key-space", "100")]
    public Task BadMix_OneSentence_ExitTwo_NoRequest(string sentence, params string[] options) => RefusedRun.AssertRefusedAsync(sentence, options);
}
