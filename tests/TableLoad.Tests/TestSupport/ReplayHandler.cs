namespace TableLoad.Tests.TestSupport;

/// <summary>Answers every request with a recorded answer, and keeps the requests it saw.</summary>
internal sealed class ReplayHandler(RecordedAnswer answer) : HttpMessageHandler
{
    public List<HttpRequestMessage> Requests { get; } = [];

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        Requests.Add(request);
        return Task.FromResult(answer.ToResponse());
    }
}
