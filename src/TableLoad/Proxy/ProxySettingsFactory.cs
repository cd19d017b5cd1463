using System.CommandLine;
using System.Globalization;
using System.Net;
using TableLoad.Settings;

namespace TableLoad.Proxy;

/// <summary>
/// Turns the options and the optional profile into validated <see cref="ProxySettings"/>: an option
/// given on the command line wins over the profile, which wins over the default. Anything wrong is
/// refused here, before listening, with one sentence (a <see cref="UsageException"/>).
/// </summary>
internal static class ProxySettingsFactory
{
    public const double MaxLimit = 1e9;

    public static ProxySettings Create(ParseResult parse, ProxyOptions options, Func<string, string> readProfile)
    {
        var profileName = parse.GetValue(options.Profile);
        var profile = profileName is null ? new ProxyProfile() : ProxyProfile.Parse(ReadProfile(profileName, readProfile), profileName);

        var listen = ParseListen(Pick(parse, options.Listen, profile.Listen, profileName, "listen"));
        var target = ParseTarget(Pick(parse, options.Target, profile.Target, profileName, "target"));
        var partitionLimit = Limit(PickValue(parse, options.PartitionLimit, profile.PartitionLimit, profileName, "partition_limit"));
        var accountLimit = Limit(PickValue(parse, options.AccountLimit, profile.AccountLimit, profileName, "account_limit"));
        var timeoutShare = Probability(PickValue(parse, options.TimeoutShare, profile.TimeoutShare, profileName, "timeout_share"), "a share");
        var resetRate = Probability(PickValue(parse, options.ResetRate, profile.ResetRate, profileName, "reset_rate"), "a probability");
        var loseRate = Probability(PickValue(parse, options.LoseAnswerRate, profile.LoseAnswerRate, profileName, "lose_answer_rate"), "a probability");
        var delayRate = Probability(PickValue(parse, options.DelayAnswerRate, profile.DelayAnswerRate, profileName, "delay_answer_rate"), "a probability");
        var faults = resetRate.Value + loseRate.Value + delayRate.Value;
        Usage.Require(faults <= 1 + 1e-9, $"The reset, lose-answer and delay-answer rates add up to {faults.ToString(CultureInfo.InvariantCulture)}; a request gets at most one of these faults, so their sum must be at most 1.");

        var latencyText = Pick(parse, options.Latency, profile.Latency, profileName, "latency");
        Usage.Require(LatencyDistribution.TryParse(latencyText.Value, out var latency),
            $"{latencyText.Source} '{latencyText.Value}' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.");

        var delayText = Pick(parse, options.DelayAnswer, profile.DelayAnswer, profileName, "delay_answer");
        Usage.Require(DurationParser.TryParse(delayText.Value, out var delay) && delay >= TimeSpan.Zero,
            $"{delayText.Source} '{delayText.Value}' is not a duration; use forms such as 500ms, 35s or 2m.");

        var seed = Pick(parse, options.Seed, profile.Seed, profileName, "seed").Value ?? Random.Shared.Next();

        return new ProxySettings
        {
            Listen = listen,
            Target = target,
            PartitionLimit = partitionLimit,
            AccountLimit = accountLimit,
            TimeoutShare = timeoutShare.Value,
            Cosmos = PickValue(parse, options.Cosmos, profile.Cosmos, profileName, "cosmos").Value,
            Latency = latency,
            ResetRate = resetRate.Value,
            LoseAnswerRate = loseRate.Value,
            DelayAnswerRate = delayRate.Value,
            DelayAnswer = delay,
            Seed = seed,
        };
    }

    private static string ReadProfile(string path, Func<string, string> readProfile)
    {
        try
        {
            return readProfile(path);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new UsageException(ex is FileNotFoundException or DirectoryNotFoundException
                ? $"The profile {path} does not exist."
                : $"The profile {path} cannot be read ({ex.GetType().Name}).");
        }
    }

    // The command line wins when the option was given; then the profile; then the option's default.
    private static Setting<T> Pick<T>(ParseResult parse, Option<T> option, T? fromProfile, string? profileName, string field)
    {
        if (parse.GetResult(option) is { Implicit: false })
        {
            return new Setting<T>(parse.GetValue(option)!, option.Name);
        }

        return fromProfile is not null
            ? new Setting<T>(fromProfile, $"{field} in the profile {profileName}")
            : new Setting<T>(parse.GetValue(option)!, option.Name);
    }

    private static Setting<T> PickValue<T>(ParseResult parse, Option<T> option, T? fromProfile, string? profileName, string field)
        where T : struct
    {
        if (parse.GetResult(option) is { Implicit: false })
        {
            return new Setting<T>(parse.GetValue(option), option.Name);
        }

        return fromProfile is { } value
            ? new Setting<T>(value, $"{field} in the profile {profileName}")
            : new Setting<T>(parse.GetValue(option), option.Name);
    }

    private static Uri ParseListen(Setting<string> listen)
    {
        var uri = ParseHttp(listen, "http://127.0.0.1:10102");
        Usage.Require(uri.Scheme == Uri.UriSchemeHttp, $"{listen.Source} '{listen.Value}' must be an http:// address; the proxy does not serve TLS.");
        Usage.Require(IsLoopback(uri), $"{listen.Source} '{listen.Value}' is not a loopback address; the proxy listens on 127.0.0.1, [::1] or localhost only, because it forwards signed requests for anyone who can reach it.");
        return uri;
    }

    private static Uri ParseTarget(Setting<string> target) => ParseHttp(target, "http://127.0.0.1:10002");

    private static Uri ParseHttp(Setting<string> setting, string example)
    {
        Usage.Require(Uri.TryCreate(setting.Value, UriKind.Absolute, out var uri) && (uri.Scheme == Uri.UriSchemeHttp || uri.Scheme == Uri.UriSchemeHttps),
            $"{setting.Source} '{setting.Value}' is not an http address such as {example}.");
        Usage.Require(uri!.AbsolutePath == "/" && uri.Query.Length == 0 && uri.Fragment.Length == 0,
            $"{setting.Source} '{setting.Value}' must be a scheme, host and port only, such as {example}: request paths, which name the account, pass through unchanged.");
        return uri;
    }

    private static bool IsLoopback(Uri uri) =>
        uri.Host.Equals("localhost", StringComparison.OrdinalIgnoreCase) ||
        (IPAddress.TryParse(uri.DnsSafeHost, out var address) && IPAddress.IsLoopback(address));

    private static double Limit(Setting<double> limit)
    {
        Usage.Require(limit.Value is > 0 and <= MaxLimit, $"{limit.Source} must be a number of entities per second greater than 0 and at most {MaxLimit:0}, not {Format(limit.Value)}.");
        return limit.Value;
    }

    private static Setting<double> Probability(Setting<double> rate, string what)
    {
        Usage.Require(rate.Value is >= 0 and <= 1, $"{rate.Source} must be {what} from 0 to 1, not {Format(rate.Value)}.");
        return rate;
    }

    private static string Format(double value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>A value and where it came from, so an error names the option or the profile field.</summary>
    private readonly record struct Setting<T>(T Value, string Source);
}
