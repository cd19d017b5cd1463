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

    private byte[] _answer = new byte[64 * 1024];

    public async Task<bool> SendAsync(long sequence, CancellationToken cancellationToken)
    {
        body.SetSequence(sequence);
        var content = new ReadOnlyMemoryContent(body.Body);
        content.Headers.ContentType = BodyType;
        using var request = new HttpRequestMessage(HttpMethod.Post, batchUri) { Version = HttpVersion.Version11, Content = content };
        var headers = request.Headers;
        var (date, authorization) = signer.Current();
        headers.TryAddWithoutValidation("x-ms-version", WireBatchClient.ServiceVersion);
        headers.TryAddWithoutValidation("DataServiceVersion", "3.0");
        headers.TryAddWithoutValidation("MaxDataServiceVersion", "3.0;NetFx");
        headers.TryAddWithoutValidation("Accept", "application/json;odata=nometadata");
        headers.TryAddWithoutValidation("x-ms-date", date);
        headers.TryAddWithoutValidation("Authorization", authorization);

        using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        var length = 0;
        await using (var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false))
        {
            int read;
            while ((read = await stream.ReadAsync(_answer.AsMemory(length), cancellationToken).ConfigureAwait(false)) > 0)
            {
                length += read;
                if (length == _answer.Length)
                {
                    Array.Resize(ref _answer, _answer.Length * 2);
                }
            }
        }

        return response.StatusCode == HttpStatusCode.Accepted && AllOperationsSucceeded(_answer.AsSpan(0, length));
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
