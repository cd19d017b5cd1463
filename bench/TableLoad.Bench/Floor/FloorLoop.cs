using System.Net;
using System.Net.Http.Headers;
using TableLoad.Bench.Loops;
using TableLoad.Storage.Wire;

namespace TableLoad.Bench.Floor;

/// <summary>One floor task: re-keys its pre-built body, posts it with the shared signature and reads the answer into a reused buffer.</summary>
internal sealed class FloorLoop(FloorBody body, HttpClient http, Uri batchUri, FloorSigner signer) : IBatchLoop
{
    public static readonly MediaTypeHeaderValue BodyType = MediaTypeHeaderValue.Parse(BatchBodyWriter.ContentType);

    private static ReadOnlySpan<byte> StatusLinePrefix => "HTTP/1.1 "u8;

    private readonly AnswerBuffer _answer = new(64 * 1024);

    public async Task<bool> SendAsync(long sequence, CancellationToken cancellationToken)
    {
        body.SetSequence(sequence);
        var content = new ReadOnlyMemoryContent(body.Body);
        content.Headers.ContentType = BodyType;
        var (date, authorization) = signer.Current();
        using var request = FloorRequest.Create(HttpMethod.Post, batchUri, date, authorization);
        request.Content = content;

        using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        var length = await _answer.ReadAsync(response, cancellationToken).ConfigureAwait(false);
        return response.StatusCode == HttpStatusCode.Accepted && AllOperationsSucceeded(_answer.Answer(length));
    }

    private static bool AllOperationsSucceeded(ReadOnlySpan<byte> answer)
    {
        while (answer.IndexOf(StatusLinePrefix) is var at and >= 0)
        {
            answer = answer[(at + StatusLinePrefix.Length)..];
            if (answer.Length > 0 && answer[0] != (byte)'2')
            {
                return false;
            }
        }

        return true;
    }
}
