using System.Buffers;
using System.Net;
using Microsoft.AspNetCore.Http;

namespace TableLoad.Proxy;

/// <summary>
/// Handles one request: batches and single writes get latency, faults and the scalability targets; everything
/// else is forwarded untouched. Nothing here logs; what happened goes into <see cref="ProxyCounters"/>.
/// </summary>
internal sealed class ProxyRequestHandler(ProxySettings settings, TargetForwarder forwarder, ProxyCounters counters, TimeProvider time)
{
    public const string StatsPath = "/_proxy/stats";

    /// <summary>Kestrel's limit on request bodies; the service's own limit for a batch is 4 MiB.</summary>
    public const long MaxRequestBodyBytes = 32 * 1024 * 1024;

    // Account, table and PartitionKey (at most 1 KiB in the service) fit on the stack.
    private const int MaxPartitionIdChars = 2048;

    private readonly FaultPlan _faults = new(settings);
    private readonly ScalabilityTargets _targets = new(settings, time);
    private readonly RequestUnitBudget? _budget = settings.RequestUnits is { } units ? new RequestUnitBudget(units, time) : null;
    private long _emulated;

    public Task HandleAsync(HttpContext context)
    {
        var path = context.Request.Path.Value ?? "/";
        if (path.StartsWith("/_proxy/", StringComparison.Ordinal))
        {
            return ServeOwnAsync(context, path);
        }

        var kind = RequestClassifier.Classify(context.Request.Method, path, out var account, out var table);
        counters.Received(kind);
        if (kind == RequestKind.Other)
        {
            return PassThroughAsync(context);
        }

        // Only batches and single writes are numbered, so the queries a client interleaves do not shift the draws.
        var sequence = Interlocked.Increment(ref _emulated);
        return EmulateAsync(context, kind, sequence, path, account, table);
    }

    private async Task PassThroughAsync(HttpContext context)
    {
        var cancellationToken = context.RequestAborted;
        try
        {
            using var answer = await forwarder.SendAsync(context, TargetForwarder.StreamingBody(context), cancellationToken).ConfigureAwait(false);
            counters.Forwarded(0);
            await TargetForwarder.CopyAnswerAsync(answer, context.Response, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException or OperationCanceledException)
        {
            FailForwarding(context, ex);
        }
    }

    private async Task EmulateAsync(HttpContext context, RequestKind kind, long sequence, string path, Range account, Range table)
    {
        var cancellationToken = context.RequestAborted;
        byte[]? body = null;
        try
        {
            var latency = _faults.LatencyOf(sequence);
            if (latency > TimeSpan.Zero)
            {
                counters.AddedLatency(latency);
                await Task.Delay(latency, time, cancellationToken).ConfigureAwait(false);
            }

            var fault = _faults.FaultOf(sequence);
            if (fault == Fault.Reset)
            {
                counters.Reset();
                context.Abort();
                return;
            }

            var length = 0;
            (body, length) = await ReadBodyAsync(context.Request, cancellationToken).ConfigureAwait(false);
            var (admission, entities, charge) = Admit(kind, body.AsSpan(0, length), path.AsSpan(account), path.AsSpan(table));
            if (!admission.IsAdmitted)
            {
                var code = _faults.CodeOf(sequence);
                counters.Throttled(code, admission.Limit, entities);
                var answer = ThrottleAnswer.Create(code, admission.Limit, Guid.NewGuid(), time.GetUtcNow(), context.Request.Headers["x-ms-version"], admission.RetryAfter);
                await answer.WriteAsync(context.Response, cancellationToken).ConfigureAwait(false);
                return;
            }

            using var content = new ReadOnlyMemoryContent(body.AsMemory(0, length));
            using var forwarded = await forwarder.SendAsync(context, content, cancellationToken).ConfigureAwait(false);
            counters.Forwarded(entities);
            if (settings.AccountEgressLimit is not null)
            {
                var answerBytes = await AnswerBytesAsync(forwarded, cancellationToken).ConfigureAwait(false);
                _targets.Egressed(path.AsSpan(account), answerBytes);
            }

            if (_budget is not null)
            {
                counters.Charged(charge);
                context.Response.Headers[ChargeHeader.Name] = ChargeHeader.ValueOf(charge, settings.ChargeHeaderFault);
            }

            switch (fault)
            {
                case Fault.LoseAnswer:
                    // Read the whole answer so the target has finished (and committed) before the client loses it.
                    await forwarded.Content.LoadIntoBufferAsync(cancellationToken).ConfigureAwait(false);
                    counters.LostAnswer(entities);
                    context.Abort();
                    return;
                case Fault.DelayAnswer:
                    await forwarded.Content.LoadIntoBufferAsync(cancellationToken).ConfigureAwait(false);
                    counters.DelayedAnswer();
                    await Task.Delay(settings.DelayAnswer, time, cancellationToken).ConfigureAwait(false);
                    break;
                case Fault.None:
                case Fault.Reset: // aborted above, before its body was read: never forwarded
                    break;
            }

            await TargetForwarder.CopyAnswerAsync(forwarded, context.Response, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException or OperationCanceledException)
        {
            FailForwarding(context, ex);
        }
        finally
        {
            if (body is not null)
            {
                ArrayPool<byte>.Shared.Return(body);
            }
        }
    }

    private (Admission Admission, int Entities, double Charge) Admit(RequestKind kind, ReadOnlySpan<byte> body, ReadOnlySpan<char> account, ReadOnlySpan<char> pathTable)
    {
        var shape = kind == RequestKind.Batch ? BatchInspector.InspectBatch(body) : BatchInspector.InspectEntity(body);
        var entities = Math.Max(shape.Operations, 1);
        if (_budget is not null)
        {
            // Cosmos DB's only throughput limit is the request units provisioned: the Storage targets do not apply.
            var charge = WriteChargeModel.Rounded(kind == RequestKind.Batch ? EntityCharges.OfBatch(body) : EntityCharges.OfEntity(body, out _));
            var admission = _budget.TrySpend(account, charge, out var admittedThisSecond);
            if (admission.IsAdmitted)
            {
                counters.AdmittedInSecond(admittedThisSecond);
            }

            return (admission, entities, charge);
        }

        // The partition is (account, table, PartitionKey): "account/table/key" names its bucket.
        Span<char> id = stackalloc char[MaxPartitionIdChars];
        var written = 0;
        Append(id, ref written, account);
        Append(id, ref written, "/");
        if (kind == RequestKind.Batch)
        {
            var tableBytes = body[shape.Table];
            written += System.Text.Encoding.ASCII.GetChars(tableBytes[..Math.Min(tableBytes.Length, id.Length - written)], id[written..]);
        }
        else
        {
            Append(id, ref written, pathTable);
        }

        Append(id, ref written, "/");
        var keyLength = shape.CopyPartitionKey(body, id[written..]);
        written += Math.Max(keyLength, 0);
        return (_targets.TryAdmit(account, id[..written], entities, body.Length), entities, 0);
    }

    // The answer's body bytes: its Content-Length, or, for a chunked answer, its length once buffered.
    private static async Task<long> AnswerBytesAsync(HttpResponseMessage answer, CancellationToken cancellationToken)
    {
        if (answer.Content.Headers.ContentLength is { } known)
        {
            return known;
        }

        await answer.Content.LoadIntoBufferAsync(cancellationToken).ConfigureAwait(false);
        return answer.Content.Headers.ContentLength ?? 0;
    }

    private static void Append(Span<char> destination, ref int written, ReadOnlySpan<char> text)
    {
        var count = Math.Min(text.Length, destination.Length - written);
        text[..count].CopyTo(destination[written..]);
        written += count;
    }

    // The whole body, into a pooled array: batches are at most 4 MiB, and their first operation decides the partition.
    private static async Task<(byte[] Buffer, int Length)> ReadBodyAsync(HttpRequest request, CancellationToken cancellationToken)
    {
        var expected = request.ContentLength;
        var buffer = ArrayPool<byte>.Shared.Rent(expected is { } known ? (int)Math.Clamp(known, 0, MaxRequestBodyBytes) + 1 : 64 * 1024);
        var length = 0;
        try
        {
            while (true)
            {
                if (length == buffer.Length)
                {
                    var larger = ArrayPool<byte>.Shared.Rent(buffer.Length * 2);
                    buffer.AsSpan(0, length).CopyTo(larger);
                    ArrayPool<byte>.Shared.Return(buffer);
                    buffer = larger;
                }

                var read = await request.Body.ReadAsync(buffer.AsMemory(length), cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    return (buffer, length);
                }

                length += read;
                if (length == expected)
                {
                    return (buffer, length);
                }
            }
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    private void FailForwarding(HttpContext context, Exception ex)
    {
        if (context.RequestAborted.IsCancellationRequested)
        {
            return; // the client left (e.g. its timeout fired during a delayed answer): nobody to answer.
        }

        if (ex is HttpRequestException && !context.Response.HasStarted)
        {
            counters.TargetFailed();
            context.Response.StatusCode = (int)HttpStatusCode.BadGateway;
            return;
        }

        context.Abort();
    }

    private async Task ServeOwnAsync(HttpContext context, string path)
    {
        if (!HttpMethods.IsGet(context.Request.Method) || path != StatsPath)
        {
            context.Response.StatusCode = StatusCodes.Status404NotFound;
            return;
        }

        context.Response.ContentType = "application/json; charset=utf-8";
        await context.Response.WriteAsync(counters.Snapshot().ToJson() + "\n", context.RequestAborted).ConfigureAwait(false);
    }
}
