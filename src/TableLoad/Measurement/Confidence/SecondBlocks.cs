namespace TableLoad.Measurement.Confidence;

/// <summary>
/// The measured seconds of a run kept as at most <see cref="Cap"/> blocks of equal length: when the blocks
/// reach the cap, neighbours pair up and the length doubles, so an hour-long run holds as little as a minute's.
/// </summary>
internal sealed class SecondBlocks
{
    public const int Cap = 32;

    private readonly List<SecondBlock> _blocks = [];

    /// <summary>Seconds per block (the last may hold fewer).</summary>
    public long BlockSeconds { get; private set; } = 1;

    public IReadOnlyList<SecondBlock> Blocks => _blocks;

    /// <summary>Adds the next measured window; windows arrive in time order, one per second.</summary>
    public void Add(Window window)
    {
        if (_blocks.Count == 0 || _blocks[^1].Seconds >= BlockSeconds)
        {
            if (_blocks.Count == Cap)
            {
                PairUp();
            }

            _blocks.Add(new SecondBlock(window.EpochSecond));
        }

        _blocks[^1].Add(window);
    }

    private void PairUp()
    {
        for (var i = 0; i < _blocks.Count / 2; i++)
        {
            _blocks[2 * i].Absorb(_blocks[(2 * i) + 1]);
            _blocks[i] = _blocks[2 * i];
        }

        _blocks.RemoveRange(_blocks.Count / 2, _blocks.Count - (_blocks.Count / 2));
        BlockSeconds *= 2;
    }
}
