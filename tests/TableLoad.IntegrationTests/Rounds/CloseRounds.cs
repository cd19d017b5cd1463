using System.Globalization;
using System.Text.Json.Nodes;

namespace TableLoad.IntegrationTests.Rounds;

/// <summary>
/// A tune's or sweep's close call as its close-rounds folder holds it: the runs' order, and the verdict on the other side's e/s
/// against the favoured side's, computed here from the rounds' own summaries (mean ± t·sd/√N of the rounds' log ratios).
/// </summary>
internal static class CloseRounds
{
    // t(N−1, 0.975) for the rounds these tests run.
    private static readonly Dictionary<int, double> T975 = new() { [2] = 12.706204736, [3] = 4.302652730, [4] = 3.182446305 };

    /// <summary>Asserts that the rounds ran in ABBA order, each to exit 0, one after the other.</summary>
    /// <returns>The change as the verdict prints it (e.g. "+1.4% e/s (95% CI −9% to +12%)") and the verdict's words ("is within noise").</returns>
    public static (string Change, string Verdict) Judge(string folder, int rounds)
    {
        var order = Enumerable.Range(1, rounds).SelectMany(r => r % 2 == 1 ? new[] { $"r{r}-base", $"r{r}-new" } : [$"r{r}-new", $"r{r}-base"]).ToList();
        var json = JsonNode.Parse(File.ReadAllText(Path.Combine(folder, "rounds.json")))!;
        Assert.Equal(order, json["order"]!.AsArray().Select(r => (string)r!["folder"]!));
        Assert.All(json["order"]!.AsArray(), r => Assert.Equal(0, (int)r!["exit_code"]!));
        var started = order.Select(f => DateTimeOffset.Parse((string)Read(folder, f, "run.json")["started_utc"]!, CultureInfo.InvariantCulture)).ToList();
        Assert.Equal(started.Order(), started);

        double Eps(string run) => (double)Read(folder, run, "summary.json")["mean_entities_per_second"]!;
        var logs = Enumerable.Range(1, rounds).Select(r => Math.Log(Eps($"r{r}-new") / Eps($"r{r}-base"))).ToList();
        var mean = logs.Average();
        var sd = Math.Sqrt(logs.Sum(l => (l - mean) * (l - mean)) / (rounds - 1));
        var half = T975[rounds] * sd / Math.Sqrt(rounds);
        var change = $"{Signed(Math.Exp(mean) - 1, "0.0")}% e/s (95% CI {Signed(Math.Exp(mean - half) - 1, "0")}% to {Signed(Math.Exp(mean + half) - 1, "0")}%)";
        var verdict = mean - half > 0 ? "is better beyond noise" : mean + half < 0 ? "is worse beyond noise" : "is within noise";
        return (change, verdict);
    }

    private static JsonNode Read(string folder, string run, string file) => JsonNode.Parse(File.ReadAllText(Path.Combine(folder, run, file)))!;

    private static string Signed(double share, string format) => (share >= 0 ? "+" : "−") + Math.Abs(share * 100).ToString(format, CultureInfo.InvariantCulture);
}
