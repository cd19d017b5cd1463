using System.CommandLine;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Cli;

/// <summary>
/// One of YCSB's core workloads as it maps to Table storage (<c>--workload ycsb-a</c>): its operations as a <c>--mix</c>, its
/// key distribution, and its records (10 fields of 100 bytes, one record a request, each write by itself: <c>--batch-size none</c>). YCSB's Azure Table binding reads by
/// PartitionKey and RowKey and updates by insert-or-replace, so a read is <c>read</c> and an update <c>upsert-replace</c>
/// of one entity; a scan is a <c>query</c>, and an insert an <c>insert</c> of a key past the key space, which the mix's reads and scans
/// then draw from too. Options given on the command line (or in a profile) win over the preset's.
/// </summary>
/// <param name="QueryLength">A scan's <c>--query-length</c>, for the presets that scan; null for the option's own.</param>
internal sealed record WorkloadPreset(string Name, string Mix, KeyDistribution KeyDistribution, string Describes, string? QueryLength = null)
{
    /// <summary>YCSB's Table binding sends one record a request, each write by itself (an insert, an insert-or-replace): no transaction.</summary>
    public static Batching Batching => Batching.None;

    /// <summary>YCSB's records: 10 fields of 100 bytes.</summary>
    public const int Properties = 10;

    public const int EntitySize = Properties * 100;

    public static IReadOnlyList<WorkloadPreset> All { get; } =
    [
        new("ycsb-a", "read:50,upsert-replace:50", KeyDistribution.Zipfian, "update heavy"),
        new("ycsb-b", "read:95,upsert-replace:5", KeyDistribution.Zipfian, "read mostly"),
        new("ycsb-c", "read:100", KeyDistribution.Zipfian, "read only"),
        new("ycsb-d", "read:95,insert:5", KeyDistribution.Latest, "read latest"),
        new("ycsb-e", "query:95,insert:5", KeyDistribution.Zipfian, "short ranges", QueryLength: "1..100"),
        new("ycsb-f", "read:50,read-modify-write:50", KeyDistribution.Zipfian, "read-modify-write"),
    ];

    public static string Names { get; } = string.Join(", ", All.Select(p => p.Name));

    public OperationMix OperationMix => OperationMix.TryParse(Mix, out var mix, out _) ? mix : throw new InvalidOperationException($"The preset {Name} has a mix --mix refuses: {Mix}.");

    /// <summary>The preset <c>--workload</c> names, null when none is given or it is refused.</summary>
    public static WorkloadPreset? Read(ParseResult parse, RunOptions options, UsageErrors errors)
    {
        var text = parse.GetValue(options.Workload);
        if (text is null)
        {
            return null;
        }

        var preset = All.FirstOrDefault(p => string.Equals(p.Name, text.Trim(), StringComparison.OrdinalIgnoreCase));
        errors.Require(options.Workload, preset is not null, $"--workload must be {Names}, not '{text}'.");
        if (preset is not null)
        {
            errors.Require(options.Workload, !parse.IsGiven(options.Mix) && !parse.IsGiven(options.Operation),
                $"--workload {preset.Name} sends --mix {preset.Mix}: give --workload, --mix or --operation, one of them.");
        }

        return errors.Accepted(options.Workload) ? preset : null;
    }

    /// <summary>The option's value, or the preset's when the option was not given.</summary>
    public static T? Or<T>(ParseResult parse, Option option, T? value, T? preset)
        where T : struct => preset is { } set && !parse.IsGiven(option) ? set : value;
}
