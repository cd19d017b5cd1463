using System.CommandLine;
using System.Globalization;
using System.Net;
using TableLoad.Proxy;
using TableLoad.Proxy.Metrics;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// Turns the options (a profile and TABLELOAD_* variables already folded in) into validated
/// <see cref="ProxySettings"/>, in one pass that lists every fault at once, one sentence each
/// (a <see cref="UsageException"/>), before listening.
/// </summary>
internal static class ProxySettingsFactory
{
    private const string ListenExample = ProxySettings.DefaultListen;
    private const string TargetExample = ProxySettings.DefaultTarget;

    public static ProxySettings Create(ParseResult parse, ProxyOptions options)
    {
        // Each option on its own first; then the fault rates together, if each was accepted; then every fault at once.
        var errors = new UsageErrors();
        var listen = ParseListen(errors, options.Listen, parse.GetValue(options.Listen));
        var target = ParseHttp(errors, options.Target, parse.GetValue(options.Target), TargetExample);
        var partitionLimit = options.PartitionLimit.ValueIn(parse, errors);
        var accountLimit = options.AccountLimit.ValueIn(parse, errors);
        var burst = options.Burst.ValueIn(parse, errors);
        var ingressLimit = options.AccountIngressLimit.ValueIn(parse, errors);
        var egressLimit = options.AccountEgressLimit.ValueIn(parse, errors);
        var requestUnits = options.RequestUnits.ValueIn(parse, errors);
        var requestUnitsGiven = options.RequestUnits.ValueOf(parse) is not null;
        var ranges = options.PartitionKeyRanges.ValueIn(parse, errors);
        errors.Require(ranges is null || requestUnitsGiven,
            "--partition-key-ranges needs --request-units: the ranges share the provisioned RU/s.");
        var chargeFault = ParseChargeHeaderFault(errors, options.ChargeHeaderFault, parse.GetValue(options.ChargeHeaderFault));
        errors.Require(
            chargeFault is not (ChargeHeaderFault.NotANumber or ChargeHeaderFault.Negative) || requestUnitsGiven,
            "--charge-header-fault needs --request-units: only the Cosmos DB emulation sends a charge header.");
        var timeoutShare = options.TimeoutShare.ValueIn(parse, errors);
        var cosmos = parse.GetValue(options.Cosmos) || requestUnitsGiven;
        // Cosmos DB answers every throttle 429 and its only throughput limit is its request units: an option that
        // would be ignored is refused, so that a user never reads figures measured without the limit they set.
        errors.Require(!cosmos || !parse.IsGiven(options.TimeoutShare.Option),
            "--timeout-share chooses between Azure Storage's 503 ServerBusy and 500 OperationTimedOut; the Cosmos DB emulation (--cosmos, --request-units) answers every throttle 429: give one or the other.");
        var storageLimits = new Option[] { options.PartitionLimit.Option, options.AccountLimit.Option, options.Burst.Option, options.AccountIngressLimit.Option, options.AccountEgressLimit.Option }
            .Where(o => parse.IsGiven(o)).Select(o => o.Name).ToList();
        errors.Require(!requestUnitsGiven || storageLimits.Count == 0,
            $"{string.Join(", ", storageLimits)} {(storageLimits.Count == 1 ? "is an Azure Storage limit" : "are Azure Storage limits")}, which the Cosmos DB emulation does not apply: its only limit is --request-units; give one or the other.");
        var resetRate = options.ResetRate.ValueIn(parse, errors);
        var loseRate = options.LoseAnswerRate.ValueIn(parse, errors);
        var delayRate = options.DelayAnswerRate.ValueIn(parse, errors);
        var latencyText = parse.GetValue(options.Latency);
        errors.Require(options.Latency, LatencyDistribution.TryParse(latencyText, out var latency), LatencyRefusal(latencyText));
        var delay = options.DelayAnswer.ValueIn(parse, errors);
        var metricsFaultText = parse.GetValue(options.MetricsFault);
        errors.Require(options.MetricsFault, MetricsFaultNames.TryParse(metricsFaultText, out var metricsFault),
            $"--metrics-fault must be none, forbidden, not-found or overloaded, not '{metricsFaultText}'.");
        var metricsHold = options.MetricsHold.ValueIn(parse, errors);

        if (resetRate is { } reset && loseRate is { } lose && delayRate is { } late)
        {
            var faults = reset + lose + late;
            errors.Require(faults <= 1 + 1e-9, $"The reset, lose-answer and delay-answer rates add up to {faults.ToString(CultureInfo.InvariantCulture)}; a request gets at most one of these faults, so their sum must be at most 1.");
        }

        var serviceLog = parse.GetValue(options.ServiceLog);
        errors.Require(options.ServiceLog, serviceLog is null || Directory.Exists(Path.GetDirectoryName(Path.GetFullPath(serviceLog))),
            $"--service-log '{serviceLog}' is in a folder that does not exist; give a file in an existing folder.");
        errors.ThrowIfAny();
        return new ProxySettings
        {
            Listen = listen!,
            Target = target!,
            PartitionLimit = partitionLimit.GetValueOrDefault(),
            AccountLimit = accountLimit.GetValueOrDefault(),
            Burst = burst.GetValueOrDefault(),
            TimeoutShare = timeoutShare.GetValueOrDefault(),
            AccountIngressLimit = ingressLimit,
            AccountEgressLimit = egressLimit,
            Cosmos = cosmos,
            RequestUnits = requestUnits,
            PartitionKeyRanges = ranges,
            ChargeHeaderFault = chargeFault ?? ChargeHeaderFault.None,
            Latency = latency,
            ResetRate = resetRate.GetValueOrDefault(),
            LoseAnswerRate = loseRate.GetValueOrDefault(),
            DelayAnswerRate = delayRate.GetValueOrDefault(),
            DelayAnswer = delay.GetValueOrDefault(),
            ReadFaults = parse.GetValue(options.ReadFaults),
            MetricsFault = metricsFault,
            MetricsHold = metricsHold.GetValueOrDefault(),
            Seed = parse.GetValue(options.Seed) ?? Random.Shared.Next(),
            ServiceLog = serviceLog,
        };
    }

    private static ChargeHeaderFault? ParseChargeHeaderFault(UsageErrors errors, Option option, string? text)
    {
        ChargeHeaderFault? fault = text switch
        {
            "none" => ChargeHeaderFault.None,
            "not-a-number" => ChargeHeaderFault.NotANumber,
            "negative" => ChargeHeaderFault.Negative,
            _ => null,
        };
        errors.Require(option, fault is not null, $"--charge-header-fault '{text}' is not a fault; use none, not-a-number or negative.");
        return fault;
    }

    private static string LatencyRefusal(string? text) =>
        (text ?? "").Split(':', '-').Any(DurationParser.IsBareNumber)
            ? $"--latency '{text}' has a number without its unit; give the unit, as in 50ms, uniform:10ms-200ms or exp:50ms."
            : $"--latency '{text}' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.";

    private static Uri? ParseListen(UsageErrors errors, Option option, string? text)
    {
        if (ParseHttp(errors, option, text, ListenExample) is not { } uri)
        {
            return null;
        }

        var plain = errors.Require(option, uri.Scheme == Uri.UriSchemeHttp, $"--listen '{text}' must be an http:// address; the proxy does not serve TLS.");
        var loopback = errors.Require(option, IsLoopback(uri), $"--listen '{text}' is not a loopback address; the proxy listens on 127.0.0.1, [::1] or localhost only, because it forwards signed requests for anyone who can reach it.");
        return plain && loopback ? uri : null;
    }

    private static Uri? ParseHttp(UsageErrors errors, Option option, string? text, string example)
    {
        if (!errors.Require(option, Uri.TryCreate(text, UriKind.Absolute, out var uri) && (uri.Scheme == Uri.UriSchemeHttp || uri.Scheme == Uri.UriSchemeHttps),
            $"{option.Name} '{text}' is not an http address such as {example}."))
        {
            return null;
        }

        return errors.Require(option, uri!.AbsolutePath == "/" && uri.Query.Length == 0 && uri.Fragment.Length == 0,
            $"{option.Name} '{text}' must be a scheme, host and port only, such as {example}: request paths, which name the account, pass through unchanged.")
            ? uri
            : null;
    }

    private static bool IsLoopback(Uri uri) =>
        uri.Host.Equals("localhost", StringComparison.OrdinalIgnoreCase) ||
        (IPAddress.TryParse(uri.DnsSafeHost, out var address) && IPAddress.IsLoopback(address));
}
