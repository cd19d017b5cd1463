using TableLoad.Proxy;
using TableLoad.Reporting;
using TableLoad.Tune;

namespace TableLoad.IntegrationTests.Tune;

/// <summary>What the tune tests share: a short search's options, the proxy's latency, tune.json read back.</summary>
internal static class TuneRuns
{
    // A guard against a hang, not a bound on speed: tune's own default budget (10m) ends any search before it.
    public static readonly TimeSpan Limit = TimeSpan.FromMinutes(12);

    /// <summary>The account limit, in entities per second, that the proxy imposes on the searches that look for it.</summary>
    /// <remarks>
    /// Low enough that a search reaches it on a machine many times slower than this one: one task of 100 entities behind the
    /// proxy's 200 ms offers up to 500 e/s, so one task crosses it on an idle machine, and 16 tasks do while a busy one answers
    /// a batch within 8 s. At 1,000 e/s a busy machine's tasks stayed under it (load average 37 on two cores): the search found
    /// a plateau of the client's own, and choosing between candidates recommended ten tasks, not the four that crossed it idle;
    /// at 500 e/s, with the load average at 60, sixteen tasks still stayed under it.
    /// </remarks>
    public const double AccountLimit = 200;

    /// <summary>One confirm run and no close-call rounds (TuneChoiceTests proves those), so a search takes what its probes take.</summary>
    public static string[] ShortTune(string output, params string[] more) =>
        ["tune", "--confirm", "1", "--close-rounds", "0", "--max-processes", "1", "--output", output, .. more];

    public static LatencyDistribution Latency(string text) => LatencyDistribution.TryParse(text, out var latency) ? latency : throw new ArgumentException(text);

    public static TuneDescription Read(string output) => ResultJson.Read(Path.Combine(output, ResultFiles.TuneJson), TableLoad.Tune.TuneJson.Description);
}
