using System.Text;
using TableLoad.Storage;
using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;
using TableLoad.Tests.Deploy;
using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Storage;

/// <summary>
/// The wire client sends what the SDK sends for the same sample entity: its entities are the same size within 2%
/// with the same annotated members, and the bodies differ only by the SDK's framing of each sub-request, which
/// is the same for every shape.
/// </summary>
public sealed class SampleEntityBodyTests
{
    private const int Entities = 100;
    public static TheoryData<string> Examples => ["binary-8x128.json", "strings-20.json", "typical.json"];

    private static readonly BatchIdentity Batch = new("tl", "tl-000-000-0003-0000000042-", "run-1.0000002a");

    [Theory]
    [MemberData(nameof(Examples))]
    public async Task BatchOfTheSample_WireEntitiesAreTheSdksSize_Within2Percent(string example)
    {
        var template = Example(example);

        var sdk = EntityBytes(await BodyAsync("sdk", template));
        var wire = EntityBytes(await BodyAsync("wire", template));

        var ratio = (double)wire / sdk;
        Assert.True(Math.Abs(ratio - 1) <= 0.02, $"{example}: the wire client's entities take {wire} bytes, the SDK's {sdk} ({ratio:P1}).");
    }

    [Theory]
    [MemberData(nameof(Examples))]
    public async Task BatchOfTheSample_BodiesDifferOnlyByTheSdksFramingPerOperation_AsForTheDefaultShape(string example)
    {
        var sample = Example(example);
        var binary = EntityTemplate.Create(1024, 8);

        var sampleDifference = (await BodyAsync("sdk", sample)).Length - (await BodyAsync("wire", sample)).Length;
        var defaultDifference = (await BodyAsync("sdk", binary)).Length - (await BodyAsync("wire", binary)).Length;

        // The SDK's sub-requests carry a query string, Host and x-ms-version headers and GUID boundaries; nothing of the entity.
        Assert.Equal(defaultDifference, sampleDifference);
    }

    [Fact]
    public async Task TypicalSample_BothClientsAnnotateTheSameMembers()
    {
        var template = Example("typical.json");

        var sdk = Annotations(Encoding.UTF8.GetString(await BodyAsync("sdk", template)));
        var wire = Annotations(Encoding.UTF8.GetString(await BodyAsync("wire", template)));

        Assert.Equal(sdk, wire);
    }

    private static EntityTemplate Example(string file) =>
        EntityTemplate.FromSample(SampleEntityReader.Read(Path.Combine(KubernetesManifestTests.RepoRoot(), "examples", file)));

    // The JSON objects of the sub-requests: every line of the body that is one.
    private static int EntityBytes(byte[] body) =>
        Encoding.UTF8.GetString(body).Split("\r\n").Where(line => line.StartsWith('{')).Sum(line => Encoding.UTF8.GetByteCount(line));

    private static SortedSet<string> Annotations(string body) =>
        new(body.Split('"').Where(part => part.EndsWith("@odata.type", StringComparison.Ordinal)), StringComparer.Ordinal);

    private static async Task<byte[]> BodyAsync(string client, EntityTemplate template)
    {
        var target = AuthorizedTarget.For(ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString), TimeProvider.System);
        var handler = new BodyRecordingHandler(RecordedAnswer.Read(Path.Combine(AppContext.BaseDirectory, "Storage", "Answers", "accepted.http")));
        using IBatchClient batches = client == "sdk"
            ? new SdkBatchClient(target, "sampled", template, handler, diagnostics: false, TimeProvider.System)
            : new WireBatchClient(target, "sampled", template, handler, TimeProvider.System);
        var sender = batches.CreateSender(TableOperation.Insert, WriteForm.Transaction);
        sender.Prepare(Batch, Entities);
        try
        {
            await sender.SendAsync("client-request-id", CancellationToken.None);
        }
        catch (Exception ex) when (ex is Azure.RequestFailedException or InvalidOperationException or FormatException)
        {
            // The recorded answer is for three operations; only the request matters here.
        }

        return Assert.Single(handler.Bodies);
    }
}
