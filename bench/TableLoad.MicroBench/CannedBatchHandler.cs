using System.Net;
using System.Net.Http.Headers;
using System.Text;

namespace TableLoad.MicroBench;

/// <summary>An in-memory "server": answers every request with the 202 a successful batch of 100 inserts gets, without sockets.</summary>
internal sealed class CannedBatchHandler : HttpMessageHandler
{
    private static readonly MediaTypeHeaderValue AnswerType = MediaTypeHeaderValue.Parse("multipart/mixed; boundary=batchresponse_canned");

    public static readonly byte[] Answer = BuildAnswer(100);

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var content = new ByteArrayContent(Answer);
        content.Headers.ContentType = AnswerType;
        content.Headers.ContentLength = Answer.Length;
        return Task.FromResult(new HttpResponseMessage(HttpStatusCode.Accepted) { Content = content, RequestMessage = request });
    }

    private static byte[] BuildAnswer(int operations)
    {
        var text = new StringBuilder("--batchresponse_canned\r\nContent-Type: multipart/mixed; boundary=changesetresponse_canned\r\n\r\n");
        for (var i = 0; i < operations; i++)
        {
            text.Append("--changesetresponse_canned\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n")
                .Append("HTTP/1.1 204 No Content\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-cache\r\n")
                .Append("Preference-Applied: return-no-content\r\nDataServiceVersion: 3.0;\r\n\r\n\r\n");
        }

        text.Append("--changesetresponse_canned--\r\n--batchresponse_canned--\r\n");
        return Encoding.ASCII.GetBytes(text.ToString());
    }
}
