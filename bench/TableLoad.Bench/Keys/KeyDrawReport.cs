using System.Diagnostics;
using System.Globalization;
using TableLoad.Workload;

namespace TableLoad.Bench.Keys;

/// <summary>
/// What the key distributions and a weighted mix give, and what a draw costs: shares of the hottest (or newest)
/// keys, a mix's achieved shares against its weights, and nanoseconds and bytes per draw. Seeded, in-process,
/// one thread; the shares are the same on every machine, the nanoseconds are this machine's (scripts/bench-keys.sh).
/// </summary>
internal static class KeyDrawReport
{
    private const string Mix = "read:80,upsert-replace:20";
    private static readonly string[] MixNames = ["read", "upsert-replace", "upsert-merge", "query", "delete"];
    private static readonly int[] KeySpaces = [1_000, 10_000, 100_000];

    public static int Run(TextWriter output, int draws, int mixDraws, int seed)
    {
        var c = CultureInfo.InvariantCulture;
        output.WriteLine(string.Create(c, $"# key choice ({DateTime.UtcNow:yyyy-MM-ddTHH:mmZ}, {Environment.ProcessorCount} cores, seed {seed})"));
        output.WriteLine();
        output.WriteLine(string.Create(c, $"Share of {draws:N0} draws the hottest keys get (zipfian: by count; latest, after a preload of the key space: the newest)."));
        output.WriteLine();
        output.WriteLine("| distribution | keys | hottest 1% | hottest 10% |");
        output.WriteLine("|:--|--:|--:|--:|");
        foreach (var distribution in new[] { KeyDistribution.Zipfian, KeyDistribution.Latest })
        {
            foreach (var keySpace in KeySpaces)
            {
                var chooser = KeyChooser.Create(distribution, keySpace, new Random(seed), () => keySpace);
                var counts = new long[keySpace];
                for (var i = 0; i < draws; i++)
                {
                    counts[chooser.Next()]++;
                }

                Array.Sort(counts, (a, b) => b.CompareTo(a));
                output.WriteLine(string.Create(c, $"| {distribution.ToName()} | {keySpace:N0} | {Share(counts, keySpace / 100, draws)} | {Share(counts, keySpace / 10, draws)} |"));
            }
        }

        output.WriteLine();
        WriteMix(output, mixDraws, seed);
        output.WriteLine();
        WriteCosts(output, draws, seed);
        return 0;
    }

    private static void WriteMix(TextWriter output, int draws, int seed)
    {
        var c = CultureInfo.InvariantCulture;
        var mix = ParseMix();
        var random = new Random(seed);
        var counts = new Dictionary<string, long>(StringComparer.Ordinal);
        for (var i = 0; i < draws; i++)
        {
            var item = mix.Next(random);
            counts[item] = counts.GetValueOrDefault(item) + 1;
        }

        output.WriteLine(string.Create(c, $"Mix {Mix} over {draws:N0} draws:"));
        output.WriteLine();
        output.WriteLine("| item | weight's share | achieved share | difference, points |");
        output.WriteLine("|:--|--:|--:|--:|");
        for (var i = 0; i < mix.Items.Count; i++)
        {
            var achieved = (double)counts.GetValueOrDefault(mix.Items[i]) / draws;
            output.WriteLine(string.Create(c, $"| {mix.Items[i]} | {mix.Share(i):P2} | {achieved:P2} | {(achieved - mix.Share(i)) * 100:+0.00;-0.00} |"));
        }
    }

    private static void WriteCosts(TextWriter output, int draws, int seed)
    {
        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Cost per draw, {draws:N0} draws after as many to warm up, one thread:"));
        output.WriteLine();
        output.WriteLine("| chooser | ns per draw | bytes allocated per draw |");
        output.WriteLine("|:--|--:|--:|");
        const int KeySpace = 10_000;
        foreach (var distribution in Enum.GetValues<KeyDistribution>())
        {
            var chooser = KeyChooser.Create(distribution, KeySpace, new Random(seed), () => KeySpace);
            Time(output, $"{distribution.ToName()} over {KeySpace:N0} keys", draws, () => chooser.Next());
        }

        long written = KeySpace;
        var latest = KeyChooser.Create(KeyDistribution.Latest, KeySpace, new Random(seed), () => written++);
        Time(output, $"latest over {KeySpace:N0} keys, a key written before every draw", draws, () => latest.Next());
        // Beside a mix's inserts: over the keys stored, a tenth more than the key space (zipfian draws again past them).
        var stored = KeySpace + (KeySpace / 10L);
        foreach (var distribution in Enum.GetValues<KeyDistribution>())
        {
            var chooser = KeyChooser.OverStored(distribution, KeySpace, new Random(seed), () => stored);
            Time(output, $"{distribution.ToName()} beside a mix's inserts, {stored:N0} keys stored", draws, () => chooser.Next());
        }

        var mix = ParseMix();
        var random = new Random(seed);
        Time(output, $"mix {Mix}", draws, () => mix.Next(random).Length);
    }

    private static void Time(TextWriter output, string name, int draws, Func<int> draw)
    {
        var sink = 0;
        for (var i = 0; i < draws; i++)
        {
            sink ^= draw();
        }

        var bytes = GC.GetAllocatedBytesForCurrentThread();
        var started = Stopwatch.GetTimestamp();
        for (var i = 0; i < draws; i++)
        {
            sink ^= draw();
        }

        var elapsed = Stopwatch.GetElapsedTime(started);
        bytes = GC.GetAllocatedBytesForCurrentThread() - bytes;
        // The sink is printed nowhere but read here, so the draws cannot be optimised away.
        GC.KeepAlive(sink);
        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {name} | {elapsed.TotalNanoseconds / draws:F1} | {(double)bytes / draws:F2} |"));
    }

    private static string Share(long[] descending, int top, int draws) =>
        ((double)descending.Take(top).Sum() / draws).ToString("P1", CultureInfo.InvariantCulture);

    private static WeightedChoice<string> ParseMix() =>
        WeightedChoiceParser.TryParse<string>(Mix, "--mix", Resolve, string.Join(", ", MixNames), Mix, out var mix, out var fault)
            ? mix
            : throw new InvalidOperationException(fault);

    private static bool Resolve(string name, out string item)
    {
        item = MixNames.FirstOrDefault(n => n.Equals(name, StringComparison.OrdinalIgnoreCase)) ?? "";
        return item.Length > 0;
    }
}
