using System.Buffers;
using System.Net;
using Microsoft.AspNetCore.Http;
using TableLoad.Proxy.Metrics;

namespace TableLoad.Proxy;

/// <summary>
/// Handles one request: batches, single writes, point reads, queries and single deletes are counted and get latency,
/// faults and the limits; everything else is forwarded untouched. Nothing here logs; what happened goes into
/// <see cref="ProxyCounters"/>.
/// </summary>
internal sealed class ProxyRequestHandler(ProxySettings settings, TargetForwarder forwarder, ProxyCounters counters, TimeProvider time)
{
    public const string StatsPath = "/_proxy/stats";

    /// <summary>Kestrel's limit on request bodies; the service's own limit for a batch is 4 MiB.</summary>
    public const long MaxRequestBodyBytes = 32 * 1024 * 1024;

    private readonly FaultPlan _faults = new(settings);
    private readonly RequestAdmission _admission = new(settings, time);
    private long _writes;
    private long _reads;

    public Task HandleAsync(HttpContext context)
    {
        var path = context.Request.Path.Value ?? "/";
        if (path.StartsWith("/_proxy/", StringComparison.Ordinal))
        {
            return ServeOwnAsync(context, path);
        }

        var kind = RequestClassifier.Classify(context.Request.Method, path, context.Request.QueryString.Value, out var account, out var table);
        counters.Received(kind);
        if (kind == RequestKind.Other)
        {
            return PassThroughAsync(context);
        }

        // Writes and reads are numbered apart, so the reads and queries a client interleaves do not shift the writes' draws.
        var draw = kind switch
        {
            RequestKind.PointRead or RequestKind.Query => DrawNumber.Read(Interlocked.Increment(ref _reads)),
            RequestKind.Batch or RequestKind.SingleWrite or RequestKind.SingleDelete or RequestKind.Other => DrawNumber.Write(Interlocked.Increment(ref _writes)),
        };
        var filter = kind == RequestKind.Query ? context.Request.Query["$filter"].ToString() : "";
        return EmulateAsync(context, kind, draw, new RequestAddress(path, account, table, filter));
    }

    private async Task PassThroughAsync(HttpContext context)
    {
        var cancellationToken = context.RequestAborted;
        try
        {
            var sent = System.Diagnostics.Stopwatch.GetTimestamp();
            using var answer = await forwarder.SendAsync(context, TargetForwarder.StreamingBody(context), cancellationToken).ConfigureAwait(false);
            ServiceObservation.Of(context)?.AddServerTimeSince(sent);
            counters.Forwarded(0);
            await TargetForwarder.CopyAnswerAsync(answer, context.Response, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException or OperationCanceledException)
        {
            FailForwarding(context, ex);
        }
    }

    private async Task EmulateAsync(HttpContext context, RequestKind kind, DrawNumber draw, RequestAddress address)
    {
        var cancellationToken = context.RequestAborted;
        byte[]? body = null;
        try
        {
            var latency = _faults.LatencyOf(draw);
            if (latency > TimeSpan.Zero)
            {
                counters.AddedLatency(latency);
                // The proxy's latency emulates a slow service: the service's own time, in its log and its metrics.
                Log.ServiceClock.Of(context)?.Add(latency);
                ServiceObservation.Of(context)?.AddServerTime(latency);
                await Task.Delay(latency, time, cancellationToken).ConfigureAwait(false);
            }

            var fault = _faults.FaultOf(draw);
            if (fault == Fault.Reset)
            {
                counters.Reset();
                ServiceObservation.Of(context)?.NeverReceived();
                context.Abort();
                return;
            }

            // A write's body says what it writes; reads and deletes say it in their address and carry none.
            var length = 0;
            if (kind is RequestKind.Batch or RequestKind.SingleWrite)
            {
                (body, length) = await ReadBodyAsync(context.Request, cancellationToken).ConfigureAwait(false);
            }

            var observation = ServiceObservation.Of(context);
            if (settings.Cosmos && observation is not null)
            {
                observation.Partition = RequestAdmission.PartitionOf(kind, address, body.AsSpan(0, length));
            }

            // One reading of the clock: the Cosmos view records the charge in the second the budget spent it from (two readings could straddle a second).
            var admittedAt = time.GetUtcNow();
            var admittedSecond = admittedAt.ToUnixTimeSeconds();
            var admitted = _admission.Admit(kind, address, body.AsSpan(0, length), admittedAt, out var admittedThisSecond);
            if (!admitted.Admission.IsAdmitted)
            {
                var code = _faults.CodeOf(draw);
                counters.Throttled(code, admitted.Admission.Limit, admitted.Entities);
                var answer = ThrottleAnswer.Create(code, admitted.Admission.Limit, Guid.NewGuid(), time.GetUtcNow(), context.Request.Headers["x-ms-version"], admitted.Admission.RetryAfter);
                await answer.WriteAsync(context.Response, cancellationToken).ConfigureAwait(false);
                return;
            }

            counters.AdmittedInSecond(admittedThisSecond);
            using var content = body is null ? TargetForwarder.StreamingBody(context) : new ReadOnlyMemoryContent(body.AsMemory(0, length));
            var sent = System.Diagnostics.Stopwatch.GetTimestamp();
            using var forwarded = await forwarder.SendAsync(context, content, cancellationToken).ConfigureAwait(false);
            ServiceObservation.Of(context)?.AddServerTimeSince(sent);
            var charge = await CountAnswerAsync(kind, address, admitted, forwarded, cancellationToken).ConfigureAwait(false);
            if (settings.AccountEgressLimit is not null)
            {
                var answerBytes = await AnswerBytesAsync(forwarded, cancellationToken).ConfigureAwait(false);
                _admission.Egressed(address.Account, answerBytes);
            }

            if (_admission.ChargesRequestUnits)
            {
                counters.Charged(kind, charge);
                observation?.Charged(charge, admittedSecond);
                context.Response.Headers[ChargeHeader.Name] = ChargeHeader.ValueOf(charge, settings.ChargeHeaderFault);
            }

            switch (fault)
            {
                case Fault.LoseAnswer:
                    // Read the whole answer so the target has finished (and committed) before the client loses it.
                    await forwarded.Content.LoadIntoBufferAsync(cancellationToken).ConfigureAwait(false);
                    // Only written entities are stored without the client knowing; a read's answer lost stores nothing.
                    counters.LostAnswer(kind is RequestKind.Batch or RequestKind.SingleWrite ? admitted.Entities - admitted.Deletes : 0);
                    ServiceObservation.Of(context)?.AnswerLost((int)forwarded.StatusCode);
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

    /// <summary>Counts what the target's answer says (found, not found, a query's entities, a failed If-Match) and settles what only it tells; the request's charge.</summary>
    private async Task<double> CountAnswerAsync(RequestKind kind, RequestAddress address, Admitted admitted, HttpResponseMessage answer, CancellationToken cancellationToken)
    {
        var status = (int)answer.StatusCode;
        long answerBytes = 0;
        var (queryEntities, queryReadCharges) = (0, 0.0);
        switch (kind)
        {
            case RequestKind.Batch:
                counters.Forwarded(admitted.Entities - admitted.Deletes, admitted.Deletes);
                break;
            case RequestKind.SingleWrite:
            case RequestKind.SingleDelete:
                counters.Forwarded(admitted.Entities - admitted.Deletes, admitted.Deletes);
                if (status == StatusCodes.Status412PreconditionFailed)
                {
                    counters.PreconditionFailed();
                }

                break;
            case RequestKind.PointRead:
                counters.Forwarded(0);
                counters.PointReadAnswered(status);
                answerBytes = _admission.ChargesRequestUnits ? await AnswerBytesAsync(answer, cancellationToken).ConfigureAwait(false) : 0;
                break;
            case RequestKind.Query:
                counters.Forwarded(0);
                if (status == StatusCodes.Status200OK)
                {
                    // The answer is read whole to count its entities; it is then sent on from the buffer.
                    await answer.Content.LoadIntoBufferAsync(cancellationToken).ConfigureAwait(false);
                    (queryEntities, queryReadCharges) = QueryAnswer.Inspect(await answer.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false));
                }

                counters.QueryAnswered(queryEntities);
                break;
            case RequestKind.Other:
                break;
        }

        var charge = _admission.Settle(kind, address, admitted.Charge, answerBytes, queryEntities, queryReadCharges, out var admittedThisSecond);
        counters.AdmittedInSecond(admittedThisSecond);
        return charge;
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
