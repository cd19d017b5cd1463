using System.Globalization;
using System.Net;
using TableLoad.Bench.Loops;

namespace TableLoad.Bench.Floor;

/// <summary>
/// One task of the raw read loop: a GET of an entity address drawn uniformly from its task's pre-built ones, signed for that
/// address and the current second on every request (as TableLoad's wire client signs a read), its answer read into a reused buffer.
/// </summary>
internal sealed class RawReadLoop(HttpClient http, RawReadLoop.Address[] addresses, string accountName, byte[] key, Random random) : IBatchLoop
{
    private readonly AnswerBuffer _answer = new(16 * 1024);

    public async Task<bool> SendAsync(long sequence, CancellationToken cancellationToken)
    {
        var address = addresses[random.Next(addresses.Length)];
        var date = DateTimeOffset.UtcNow.ToString("R", CultureInfo.InvariantCulture);
        var authorization = FloorSigner.Authorization(accountName, key, "GET", "", date, address.CanonicalizedResource);
        using var request = FloorRequest.Create(HttpMethod.Get, address.Uri, date, authorization);
        using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        await _answer.ReadAsync(response, cancellationToken).ConfigureAwait(false);
        return response.StatusCode == HttpStatusCode.OK;
    }

    /// <summary>An entity's address and the resource its SharedKey signature names (the account, then the address's path).</summary>
    internal sealed record Address(Uri Uri, string CanonicalizedResource);
}
