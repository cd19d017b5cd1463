namespace TableLoad.Tests.TestSupport;

/// <summary>Keeps every request body it is sent, and answers each with a recorded answer.</summary>
internal sealed class BodyRecordingHandler(RecordedAnswer answer) : HttpMessageHandler
{
    public List<byte[]> Bodies { get; } = [];

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        Bodies.Add(request.Content is null ? [] : await request.Content.ReadAsByteArrayAsync(cancellationToken));
        return answer.ToResponse();
    }
}
