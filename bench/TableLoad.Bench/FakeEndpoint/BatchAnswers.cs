using System.Text;

namespace TableLoad.Bench.FakeEndpoint;

/// <summary>The 202 multipart answer of a successful batch of N inserts, built once per N and then reused.</summary>
internal sealed class BatchAnswers
{
    public const string BatchBoundary = "batchresponse_00000000-fake-4000-8000-tableload0001";
    public const string ChangesetBoundary = "changesetresponse_00000000-fake-4000-8000-tableload0002";
    public const string ContentType = "multipart/mixed; boundary=" + BatchBoundary;

    // Azure caps a batch at 100 operations; a little room lets an oversized batch still get an answer.
    private const int MaxOperations = 1000;

    private readonly byte[]?[] _answers = new byte[MaxOperations + 1][];

    public byte[] For(int operations)
    {
        var n = Math.Clamp(operations, 0, MaxOperations);
        return _answers[n] ??= Build(n);
    }

    public static byte[] Build(int operations)
    {
        var text = new StringBuilder();
        text.Append("--").Append(BatchBoundary).Append("\r\n")
            .Append("Content-Type: multipart/mixed; boundary=").Append(ChangesetBoundary).Append("\r\n\r\n");
        for (var i = 0; i < operations; i++)
        {
            text.Append("--").Append(ChangesetBoundary).Append("\r\n")
                .Append("Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n")
                .Append("HTTP/1.1 204 No Content\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-cache\r\n")
                .Append("Preference-Applied: return-no-content\r\nDataServiceVersion: 3.0;\r\n\r\n\r\n");
        }

        text.Append("--").Append(ChangesetBoundary).Append("--\r\n--").Append(BatchBoundary).Append("--\r\n");
        return Encoding.ASCII.GetBytes(text.ToString());
    }
}
