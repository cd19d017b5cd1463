using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace TableLoad.Bench.FakeEndpoint;

/// <summary>
/// A Table endpoint on loopback that accepts every request without checking its signature and answers
/// as cheaply as it can: each batch with a canned 202 holding one 204 per operation it counted, each single write with the
/// service's 204, each point read with a canned 1 KB entity under the keys it asked for, any other GET with an empty page.
/// GET /_fake/received says how many batches, operations, body bytes, single writes and point reads it received.
/// </summary>
internal static class FakeTableEndpoint
{
    private static ReadOnlySpan<byte> EmptyQuery => "{\"value\":[]}"u8;

    public static async Task<int> RunAsync(int port, CancellationToken cancellationToken)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.AddServerHeader = false;
            kestrel.Limits.MaxRequestBodySize = 8L * 1024 * 1024;
            kestrel.Listen(IPAddress.Loopback, port);
        });

        await using var app = builder.Build();
        var answers = new BatchAnswers();
        var received = new ReceivedBatches();
        app.Run(context => HandleAsync(context, answers, received));
        await app.StartAsync(cancellationToken).ConfigureAwait(false);
        await Console.Out.WriteLineAsync($"fake-endpoint listening on http://127.0.0.1:{port}/devstoreaccount1").ConfigureAwait(false);

        // Stops on SIGTERM/Ctrl+C (the host's console lifetime) or when the command's token fires.
        using var stop = cancellationToken.Register(app.Lifetime.StopApplication);
        await app.WaitForShutdownAsync(CancellationToken.None).ConfigureAwait(false);
        return 0;
    }

    private static async Task HandleAsync(HttpContext context, BatchAnswers answers, ReceivedBatches received)
    {
        var request = context.Request;
        var response = context.Response;
        if (HttpMethods.IsPost(request.Method) && request.Path.Value is { } path && path.EndsWith("/$batch", StringComparison.Ordinal))
        {
            var (operations, bytes) = await OperationCounter.CountAsync(request.BodyReader, context.RequestAborted).ConfigureAwait(false);
            received.Add(operations, bytes);
            var body = answers.For(operations);
            response.StatusCode = StatusCodes.Status202Accepted;
            response.ContentType = BatchAnswers.ContentType;
            response.ContentLength = body.Length;
            await response.Body.WriteAsync(body, context.RequestAborted).ConfigureAwait(false);
            return;
        }

        if (SingleWriteAnswers.Matches(request))
        {
            // The entity's body is read and dropped, as a batch's is counted.
            await request.Body.CopyToAsync(Stream.Null, context.RequestAborted).ConfigureAwait(false);
            received.AddSingleWrite();
            SingleWriteAnswers.Write(request, response);
            return;
        }

        if (HttpMethods.IsGet(request.Method) && request.Path == ReceivedBatches.Path)
        {
            response.ContentType = "application/json";
            await response.WriteAsync(received.ToJson(), context.RequestAborted).ConfigureAwait(false);
            return;
        }

        if (HttpMethods.IsGet(request.Method) && EntityAnswers.TryKeys(request.Path.Value ?? "", out var partitionKey, out var rowKey))
        {
            received.AddRead();
            await EntityAnswers.WriteAsync(response, partitionKey, rowKey, context.RequestAborted).ConfigureAwait(false);
            return;
        }

        if (HttpMethods.IsGet(request.Method))
        {
            response.StatusCode = StatusCodes.Status200OK;
            response.ContentType = "application/json;odata=nometadata";
            response.ContentLength = EmptyQuery.Length;
            await response.Body.WriteAsync(EmptyQuery.ToArray(), context.RequestAborted).ConfigureAwait(false);
            return;
        }

        // Create table (with Prefer: return-no-content), delete table, and anything else.
        response.StatusCode = StatusCodes.Status204NoContent;
    }
}
