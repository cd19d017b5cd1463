using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Microsoft.Extensions.Logging;
using TableLoad.Engine.Fleet;
using TableLoad.Measurement;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Engine.Fleet;

/// <summary>Each line of the protocol is one message type, named by its <c>type</c>, and comes back as it was sent.</summary>
public sealed class WorkerProtocolTests
{
    private static readonly ProcessSample Sample = new(12.5, 3.25, 0.5, 0.125, 40, 4, 1, 7);

    private static readonly Dictionary<string, ControlMessage> Controls = new()
    {
        ["start"] = new StartMessage(DefaultRunSettings.Create() with { Table = "t1", OutputDirectory = "out", RunId = "r1", Process = 1 }),
        ["go"] = new GoMessage(1_795_000_000_123_456, 1_795_000_005, 1_795_000_065_123_456),
        ["stop"] = new StopMessage(),
        ["abandon"] = new AbandonMessage(),
    };

    private static readonly Dictionary<string, WorkerMessage> Reports = new()
    {
        ["ready"] = new ReadyMessage(RuntimeSettings.Current("tuned")),
        ["window"] = new WindowMessage(1_795_000_001, true, EveryCounter.NonZero(), "SGlzdG9ncmFt")
        {
            Uncorrected = "VW5jb3JyZWN0ZWQ=",
            RejectedByCode = new() { ["EntityAlreadyExists"] = 2 },
        },
        ["tick"] = new TickMessage(1_795_000_002, Sample),
        ["done"] = new DoneMessage(RunStatus.Interrupted, Sample, []),
        ["error"] = new ErrorMessage("--tasks must be at least 1."),
        ["notice"] = new NoticeMessage(LogLevel.Error, "OTLP metric export failed."),
    };

    [Theory]
    [InlineData("start")]
    [InlineData("go")]
    [InlineData("stop")]
    [InlineData("abandon")]
    public void ControlMessage_OfEachType_ComesBackAsSent(string type)
    {
        var line = WorkerProtocol.Serialize(Controls[type]);

        var received = WorkerProtocol.Deserialize<ControlMessage>(line);

        Assert.StartsWith($"{{\"type\":\"{type}\"", line, StringComparison.Ordinal);
        Assert.Equal(Controls[type], received);
    }

    [Theory]
    [InlineData("ready")]
    [InlineData("window")]
    [InlineData("tick")]
    [InlineData("done")]
    [InlineData("error")]
    [InlineData("notice")]
    public void WorkerMessage_OfEachType_ComesBackAsSent(string type)
    {
        var line = WorkerProtocol.Serialize(Reports[type]);

        var received = WorkerProtocol.Deserialize<WorkerMessage>(line);

        Assert.StartsWith($"{{\"type\":\"{type}\"", line, StringComparison.Ordinal);
        Assert.IsType(Reports[type].GetType(), received);
        // Written again, it is the same line: every field came back (a window's counts are compared below, counter by counter).
        Assert.Equal(line, WorkerProtocol.Serialize(received));
    }

    [Fact]
    public void TheSamples_CoverEveryMessageType_SoANewOneIsTested()
    {
        Assert.Equal(Types<ControlMessage>(), Controls.Keys.Order());
        Assert.Equal(Types<WorkerMessage>(), Reports.Keys.Order());
        Assert.All(Controls, c => Assert.Equal(c.Key, TypeOf(WorkerProtocol.Serialize(c.Value))));
        Assert.All(Reports, r => Assert.Equal(r.Key, TypeOf(WorkerProtocol.Serialize(r.Value))));
    }

    [Fact]
    public void WindowMessage_CountsWithEveryCounterSet_ArriveCounterByCounter()
    {
        var sent = (WindowMessage)Reports["window"];

        var received = Assert.IsType<WindowMessage>(WorkerProtocol.Deserialize<WorkerMessage>(WorkerProtocol.Serialize(sent)));

        Assert.All(EveryCounter.Of(sent.Counts), counter => Assert.NotEqual(0, counter.Value));
        Assert.Equal(EveryCounter.Of(sent.Counts), EveryCounter.Of(received.Counts));
    }

    [Theory]
    [InlineData(nameof(RunStatus.Complete), "complete")]
    [InlineData(nameof(RunStatus.Interrupted), "interrupted")]
    [InlineData(nameof(RunStatus.Partial), "partial")]
    public void DoneMessage_EachStatus_TravelsByItsName(string value, string name)
    {
        var status = Enum.Parse<RunStatus>(value);
        var line = WorkerProtocol.Serialize(new DoneMessage(status, Sample, []));

        var received = Assert.IsType<DoneMessage>(WorkerProtocol.Deserialize<WorkerMessage>(line));

        Assert.Contains($"\"status\":\"{name}\"", line, StringComparison.Ordinal);
        Assert.Equal(status, received.Status);
    }

    [Fact]
    public void EveryRunStatus_IsCoveredByTheTheoryAbove()
    {
        var covered = typeof(WorkerProtocolTests).GetMethod(nameof(DoneMessage_EachStatus_TravelsByItsName))!
            .GetCustomAttributes<InlineDataAttribute>().Select(d => Enum.Parse<RunStatus>((string)d.GetData(null!).Single()[0]));

        Assert.Equal(Enum.GetValues<RunStatus>(), covered.Order());
    }

    [Theory]
    [InlineData("{\"type\":\"launch\"}", "of type 'launch'")]
    [InlineData("{\"type\":\"go\",\"start_epoch_micros\":1,\"warmup_end_epoch_second\":2,\"stop_epoch_micros\":3}", "of type 'go'")]
    [InlineData("{\"watermark\":3}", "without a type")]
    public void WorkerMessage_OfAnUnknownType_IsRefusedNamingTheTypesThereAre(string line, string said)
    {
        var refusal = Assert.Throws<JsonException>(() => WorkerProtocol.Deserialize<WorkerMessage>(line));

        Assert.Equal($"A protocol line {said} is not a WorkerMessage: its types are done, error, notice, ready, tick, window.", refusal.Message);
    }

    [Fact]
    public void ControlMessage_OfAnUnknownType_IsRefusedNamingTheTypesThereAre()
    {
        var refusal = Assert.Throws<JsonException>(() => WorkerProtocol.Deserialize<ControlMessage>("{\"type\":\"ready\"}"));

        Assert.Equal("A protocol line of type 'ready' is not a ControlMessage: its types are abandon, go, start, stop.", refusal.Message);
    }

    [Theory]
    [InlineData("{\"type\":\"go\",\"start_epoch_micros\":1}")]
    [InlineData("{\"type\":\"error\",\"message\":null}")]
    [InlineData("{\"type\":\"window\",\"epoch_second\":1,\"warmup\":false,\"latency\":\"\",\"counts\":{\"by_outcome\":[1,2]}}")]
    public void AMessageMissingAFieldOrWithAWrongOne_IsRefused(string line)
    {
        Assert.Throws<JsonException>(() => line.Contains("\"go\"", StringComparison.Ordinal)
            ? WorkerProtocol.Deserialize<ControlMessage>(line)
            : (object)WorkerProtocol.Deserialize<WorkerMessage>(line));
    }

    [Fact]
    public void StartMessage_WithAMalformedKey_IsRefusedAsABadLine_WithoutQuotingTheKey()
    {
        const string Malformed = "SECRET-not-base64!";
        var start = (StartMessage)Controls["start"];
        var line = WorkerProtocol.Serialize(start with { Settings = start.Settings with { Target = start.Settings.Target with { Auth = StorageAuth.Sas(Malformed) } } })
            .Replace("\"kind\":\"sas\"", "\"kind\":\"shared_key\"", StringComparison.Ordinal);

        var refusal = Assert.Throws<JsonException>(() => WorkerProtocol.Deserialize<ControlMessage>(line));

        Assert.DoesNotContain(Malformed, refusal.Message, StringComparison.Ordinal);
        Assert.Contains("base64", refusal.Message, StringComparison.Ordinal);
    }

    private static IEnumerable<string> Types<T>() =>
        typeof(T).GetCustomAttributes<JsonDerivedTypeAttribute>().Select(d => (string)d.TypeDiscriminator!).Order();

    private static string TypeOf(string line) => JsonNode.Parse(line)!["type"]!.GetValue<string>();
}
