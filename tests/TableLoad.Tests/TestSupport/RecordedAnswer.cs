using System.Globalization;
using System.Net;
using System.Text;

namespace TableLoad.Tests.TestSupport;

/// <summary>
/// A real HTTP answer of the Table service, Azurite or the proxy, kept as a file: the status line, the
/// headers, a blank line and the body, as they came over the wire. Recorded by the integration tests,
/// replayed to the clients by the unit tests.
/// </summary>
internal sealed record RecordedAnswer(int Status, string Reason, IReadOnlyList<KeyValuePair<string, string>> Headers, byte[] Body)
{
    private const string Newline = "\r\n";

    public static async Task<RecordedAnswer> FromAsync(HttpResponseMessage response)
    {
        var headers = response.Headers.Concat(response.Content.Headers)
            .SelectMany(h => h.Value.Select(v => new KeyValuePair<string, string>(h.Key, v)))
            .ToList();
        return new RecordedAnswer((int)response.StatusCode, response.ReasonPhrase ?? "", headers, await response.Content.ReadAsByteArrayAsync());
    }

    public static RecordedAnswer Read(string path)
    {
        var bytes = File.ReadAllBytes(path);
        var head = Encoding.ASCII.GetBytes(Newline + Newline);
        var split = bytes.AsSpan().IndexOf(head);
        var lines = Encoding.ASCII.GetString(bytes, 0, split).Split(Newline);
        var statusLine = lines[0].Split(' ', 3);
        var headers = lines.Skip(1).Select(l => l.Split(": ", 2)).Select(p => new KeyValuePair<string, string>(p[0], p[1])).ToList();
        return new RecordedAnswer(int.Parse(statusLine[1], CultureInfo.InvariantCulture), statusLine.Length > 2 ? statusLine[2] : "", headers, bytes[(split + head.Length)..]);
    }

    public void Write(string path)
    {
        var head = new StringBuilder(string.Create(CultureInfo.InvariantCulture, $"HTTP/1.1 {Status} {Reason}{Newline}"));
        foreach (var (name, value) in Headers)
        {
            head.Append(name).Append(": ").Append(value).Append(Newline);
        }

        head.Append(Newline);
        File.WriteAllBytes(path, [.. Encoding.ASCII.GetBytes(head.ToString()), .. Body]);
    }

    public HttpResponseMessage ToResponse()
    {
        var response = new HttpResponseMessage((HttpStatusCode)Status) { ReasonPhrase = Reason, Content = new ByteArrayContent(Body) };
        foreach (var (name, value) in Headers)
        {
            if (!response.Headers.TryAddWithoutValidation(name, value))
            {
                response.Content.Headers.TryAddWithoutValidation(name, value);
            }
        }

        return response;
    }

    /// <summary>The folder of the recorded answers in the source tree (where the recorder writes them).</summary>
    public static string SourceFolder()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "TableLoad.sln")))
            {
                return Path.Combine(directory.FullName, "tests", "TableLoad.Tests", "Storage", "Answers");
            }
        }

        throw new InvalidOperationException($"TableLoad.sln not found above {AppContext.BaseDirectory}.");
    }
}
