using BenchmarkDotNet.Attributes;
using TableLoad.Storage;
using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.MicroBench;

/// <summary>
/// Building a batch of 100 entities of each shape, per batch as the task loops do (new keys each time): today's
/// default (8 binary properties of 128 bytes) against the three <c>examples/</c> samples, for both clients.
/// </summary>
public class SampleEntityBenchmarks
{
    // One id for every call: what a request sends, not the making of a new one (BatchSubmitter makes that).
    private const string ClientRequestId = "6f0d4c39-7a1e-4b5b-9c1e-2b7d2a9e5c11";

    private const string Table = "tableload20260101000000";
    private const string Nonce = "20260101-000000-abcd.0000002a";

    private BatchBodyWriter _writer = null!;
    private SdkBatchClient _sdk = null!;
    private IRequestSender _sdkSender = null!;
    private long _sequence;

    [Params("default", "binary-8x128.json", "strings-20.json", "typical.json")]
    public string Shape { get; set; } = "default";

    [GlobalSetup]
    public void Setup()
    {
        var template = Shape == "default" ? EntityTemplate.Create(1024, 8) : EntityTemplate.FromSample(SampleEntityReader.Read(Path.Combine(Examples(), Shape)));
        var target = AuthorizedTarget.For(ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString), TimeProvider.System);
        _writer = new BatchBodyWriter(template, $"{target.TableEndpoint.AbsoluteUri.TrimEnd('/')}/{Table}");
        _sdk = new SdkBatchClient(target, Table, template, new CannedBatchHandler(), diagnostics: false, TimeProvider.System);
        _sdkSender = _sdk.CreateSender(TableOperation.Insert, WriteForm.Transaction);
    }

    [GlobalCleanup]
    public void Cleanup() => _sdk.Dispose();

    [Benchmark(Description = "wire: BatchBodyWriter.Write, new keys (100 entities)")]
    public int WireBatch() => _writer.Write("tl", RowKeys.Stem("tl", 0, 0, 3, _sequence++), Nonce, 100).Length;

    [Benchmark(Description = "SDK sender: Prepare + SubmitTransactionAsync, new keys (in-memory)")]
    public async Task<int> SdkBatch()
    {
        _sdkSender.Prepare(new BatchIdentity("tl", RowKeys.Stem("tl", 0, 0, 3, _sequence++), Nonce), 100);
        var response = await _sdkSender.SendAsync(ClientRequestId, CancellationToken.None).ConfigureAwait(false);
        return response.HttpStatus;
    }

    // The repository's examples/ folder, found upwards from the benchmark's own folder.
    private static string Examples()
    {
        for (var folder = new DirectoryInfo(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            var examples = Path.Combine(folder.FullName, "examples");
            if (Directory.Exists(examples))
            {
                return examples;
            }
        }

        throw new DirectoryNotFoundException("No examples/ folder above " + AppContext.BaseDirectory);
    }
}
