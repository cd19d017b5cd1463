using System.Net;
using System.Net.Http.Headers;
using BenchmarkDotNet.Attributes;
using TableLoad.Engine;
using TableLoad.Resilience;
using TableLoad.Storage;
using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.MicroBench;

/// <summary>
/// One batch's trip through the client without sockets (an in-memory handler answers): signing, the
/// wire client's call, the SDK's call, the Polly pipeline, and the bare HttpClient call the floor client makes.
/// </summary>
public class StorageBenchmarks
{
    // One id for every call: what a request sends, not the making of a new one (BatchSubmitter makes that).
    private const string ClientRequestId = "6f0d4c39-7a1e-4b5b-9c1e-2b7d2a9e5c11";

    private const string Table = "tableload20260101000000";
    private static readonly MediaTypeHeaderValue BodyType = MediaTypeHeaderValue.Parse(BatchBodyWriter.ContentType);
    private static readonly BatchIdentity Identity = new("tl", "tl-000-000-0003-0000000042-", "20260101-000000-abcd");

    private readonly Uri _batchUri = new("http://127.0.0.1:10002/devstoreaccount1/$batch");
    private AuthorizedTarget _target = null!;
    private WireBatchClient _client = null!;
    private SdkBatchClient _sdk = null!;
    private IRequestSender _wireSender = null!;
    private IRequestSender _sdkSender = null!;
    private TableAdmin _admin = null!;
    private BatchSubmitter _submitter = null!;
    private HttpClient _bare = null!;
    private ReadOnlyMemory<byte> _body;

    [GlobalSetup]
    public void Setup()
    {
        _target = AuthorizedTarget.For(ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString), TimeProvider.System);
        var template = EntityTemplate.Create(1024, 8);
        _client = new WireBatchClient(_target, Table, template, new CannedBatchHandler(), TimeProvider.System);
        _sdk = new SdkBatchClient(_target, Table, template, new CannedBatchHandler(), diagnostics: false, TimeProvider.System);
        _admin = new TableAdmin(_target, Table, TimeSpan.FromSeconds(5));
        _submitter = new BatchSubmitter(BatchPipelineFactory.Create(TimeSpan.FromSeconds(30), retries: 0, TimeProvider.System), _admin, TimeProvider.System);
        _bare = new HttpClient(new CannedBatchHandler()) { Timeout = Timeout.InfiniteTimeSpan };
        _wireSender = _client.CreateSender(TableOperation.Insert, WriteForm.Transaction);
        _wireSender.Prepare(Identity, 100);
        _sdkSender = _sdk.CreateSender(TableOperation.Insert, WriteForm.Transaction);
        _sdkSender.Prepare(Identity, 100);
        var writer = new BatchBodyWriter(template, $"{_target.TableEndpoint.AbsoluteUri.TrimEnd('/')}/{Table}");
        _body = writer.Write(Identity.PartitionKey, Identity.RowKeyStem, Identity.Nonce, 100).ToArray();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _client.Dispose();
        _sdk.Dispose();
        _admin.Dispose();
        _bare.Dispose();
    }

    [Benchmark(Description = "SharedKeyAuthorizer.Authorize (new request)")]
    public int Authorize()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, _batchUri) { Content = new ReadOnlyMemoryContent(_body) };
        request.Content.Headers.ContentType = BodyType;
        _target.Authorizer.Authorize(request);
        return request.Headers.NonValidated.Count;
    }

    [Benchmark(Description = "BatchResponseParser.Parse (100 answers)")]
    public int Parse() => BatchResponseParser.Parse(CannedBatchHandler.Answer).HttpStatus;

    [Benchmark(Description = "WireBatchClient.SendBatchAsync (in-memory)")]
    public async Task<int> SendBatch()
    {
        var response = await _client.SendBatchAsync(_body, ClientRequestId, CancellationToken.None).ConfigureAwait(false);
        return response.HttpStatus;
    }

    [Benchmark(Description = "SDK sender: Prepare + SubmitTransactionAsync (in-memory)")]
    public async Task<int> SendSdkBatch()
    {
        _sdkSender.Prepare(Identity, 100);
        var response = await _sdkSender.SendAsync(ClientRequestId, CancellationToken.None).ConfigureAwait(false);
        return response.HttpStatus;
    }

    [Benchmark(Description = "BatchSubmitter.SubmitAsync (Polly + wire client, in-memory)")]
    public async Task<int> Submit()
    {
        var result = await _submitter.SubmitAsync(_wireSender, TableOperation.Insert, Identity, CancellationToken.None).ConfigureAwait(false);
        return result.Attempts;
    }

    [Benchmark(Baseline = true, Description = "floor: bare HttpClient call (in-memory)")]
    public async Task<bool> Floor()
    {
        var content = new ReadOnlyMemoryContent(_body);
        content.Headers.ContentType = BodyType;
        using var request = new HttpRequestMessage(HttpMethod.Post, _batchUri) { Version = HttpVersion.Version11, Content = content };
        request.Headers.TryAddWithoutValidation("x-ms-version", WireBatchClient.ServiceVersion);
        request.Headers.TryAddWithoutValidation("Authorization", "SharedKey devstoreaccount1:signed-once-a-second");
        using var response = await _bare.SendAsync(request, HttpCompletionOption.ResponseHeadersRead).ConfigureAwait(false);
        await using var stream = await response.Content.ReadAsStreamAsync().ConfigureAwait(false);
        var buffer = System.Buffers.ArrayPool<byte>.Shared.Rent(64 * 1024);
        while (await stream.ReadAsync(buffer).ConfigureAwait(false) > 0)
        {
        }

        System.Buffers.ArrayPool<byte>.Shared.Return(buffer);
        return response.StatusCode == HttpStatusCode.Accepted;
    }
}
