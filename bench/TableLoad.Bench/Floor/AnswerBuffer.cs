namespace TableLoad.Bench.Floor;

/// <summary>One floor task's answer buffer, reused by every request: reading an answer allocates nothing once the buffer fits it.</summary>
internal sealed class AnswerBuffer(int initialBytes)
{
    private byte[] _bytes = new byte[initialBytes];

    /// <summary>Reads the whole answer, doubling the buffer when full; returns its length.</summary>
    public async Task<int> ReadAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        var length = 0;
        await using var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        int read;
        while ((read = await stream.ReadAsync(_bytes.AsMemory(length), cancellationToken).ConfigureAwait(false)) > 0)
        {
            length += read;
            if (length == _bytes.Length)
            {
                Array.Resize(ref _bytes, _bytes.Length * 2);
            }
        }

        return length;
    }

    public ReadOnlySpan<byte> Answer(int length) => _bytes.AsSpan(0, length);
}
