using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using TableLoad.Proxy;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// A relay in front of a Table endpoint that forwards every request as it is, but holds the calls on a table that
/// come after its load (reads and deletes: --verify's count, the table's deletion) until the
/// test opens it. A test so acts between a run's load and those calls, however slow the machine.
/// </summary>
internal sealed class TableCallGate : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly TargetForwarder _forwarder;
    private readonly TaskCompletionSource _held = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _opened = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private TableCallGate(WebApplication app, TargetForwarder forwarder)
    {
        _app = app;
        _forwarder = forwarder;
    }

    /// <summary>The fixture's account, reached through the gate.</summary>
    public string ConnectionString =>
        $"DefaultEndpointsProtocol=http;AccountName={AzuriteFixture.AccountName};AccountKey={AzuriteFixture.AccountKey};TableEndpoint={_app.Urls.First()}/{AzuriteFixture.AccountName};";

    /// <summary>Completes when a call is held.</summary>
    public Task Held => _held.Task;

    /// <param name="target">Scheme, host and port of the Table endpoint (Azurite, or a proxy in front of it).</param>
    public static async Task<TableCallGate> StartAsync(Uri target)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        var app = builder.Build();
        var gate = new TableCallGate(app, new TargetForwarder(target, TargetForwarder.CreateHandler()));
        app.Run(gate.RelayAsync);
        await app.StartAsync();
        return gate;
    }

    /// <summary>Lets the held calls, and every later one, through.</summary>
    public void Open() => _opened.TrySetResult();

    public async ValueTask DisposeAsync()
    {
        Open();
        using var grace = new CancellationTokenSource(TimeSpan.FromSeconds(5));
        await _app.StopAsync(grace.Token);
        await _app.DisposeAsync();
        _forwarder.Dispose();
    }

    private async Task RelayAsync(HttpContext context)
    {
        var aborted = context.RequestAborted;
        try
        {
            var method = context.Request.Method;
            if (HttpMethods.IsGet(method) || HttpMethods.IsDelete(method))
            {
                _held.TrySetResult();
                await _opened.Task.WaitAsync(aborted);
            }

            using var answer = await _forwarder.SendAsync(context, TargetForwarder.StreamingBody(context), aborted);
            await TargetForwarder.CopyAnswerAsync(answer, context.Response, aborted);
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException or OperationCanceledException)
        {
            // The caller gave up on the call (its timeout against a frozen service): nobody is left to answer.
            context.Abort();
        }
    }
}
