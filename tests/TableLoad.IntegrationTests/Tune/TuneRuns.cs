using TableLoad.Proxy;
using TableLoad.Reporting;
using TableLoad.Tune;

namespace TableLoad.IntegrationTests.Tune;

/// <summary>What the tune tests share: a short search's options, the proxy's latency, tune.json read back.</summary>
internal static class TuneRuns
{
    public static readonly TimeSpan Limit = TimeSpan.FromMinutes(4);

    /// <summary>The account limit, in entities per second, that the proxy imposes on the searches that look for it.</summary>
    public const double AccountLimit = 1000;

    public static string[] ShortTune(string output, params string[] more) =>
        ["tune", "--confirm", "1", "--max-processes", "1", "--output", output, .. more];

    public static LatencyDistribution Latency(string text) => LatencyDistribution.TryParse(text, out var latency) ? latency : throw new ArgumentException(text);

    public static TuneDescription Read(string output) => ResultJson.Read(Path.Combine(output, ResultFiles.TuneJson), TableLoad.Tune.TuneJson.Description);
}
