using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using TableLoad.Bench.Loops;
using TableLoad.Storage.Wire;

namespace TableLoad.Bench.Floor;

/// <summary>
/// One task of the PUT floor: re-keys its pre-built entity, PUTs it to its address (an upsert that replaces, as
/// <c>UpsertEntityAsync</c> sends it), signed for that address and the current second, and reads the answer into a reused buffer.
/// </summary>
internal sealed class PutFloorLoop(FloorBody body, HttpClient http, string tableUrl, string stem, string partitionKey, string accountName, byte[] key) : IBatchLoop
{
    private static readonly MediaTypeHeaderValue EntityType = MediaTypeHeaderValue.Parse("application/json");

    // The stem's 10 sequence digits sit before its last '-': the RowKey of request n is the stem with n there, then "000".
    private readonly string _stemHead = stem[..^11];
    private readonly string _resourcePrefix = "/" + accountName;
    private readonly AnswerBuffer _answer = new(4 * 1024);

    public async Task<bool> SendAsync(long sequence, CancellationToken cancellationToken)
    {
        body.SetSequence(sequence);
        var uri = new Uri(string.Create(CultureInfo.InvariantCulture,
            $"{tableUrl}(PartitionKey='{ODataKeys.Literal(partitionKey)}',RowKey='{ODataKeys.Literal(_stemHead)}{sequence:D10}-000')"));
        var date = DateTimeOffset.UtcNow.ToString("R", CultureInfo.InvariantCulture);
        var authorization = FloorSigner.Authorization(accountName, key, "PUT", "application/json", date, _resourcePrefix + uri.AbsolutePath);
        using var request = FloorRequest.Create(HttpMethod.Put, uri, date, authorization);
        request.Content = new ReadOnlyMemoryContent(body.Body);
        request.Content.Headers.ContentType = EntityType;
        using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        await _answer.ReadAsync(response, cancellationToken).ConfigureAwait(false);
        return response.StatusCode == HttpStatusCode.NoContent;
    }
}
