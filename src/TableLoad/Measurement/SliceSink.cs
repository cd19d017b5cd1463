namespace TableLoad.Measurement;

/// <summary>
/// Hands a sink one slice of each second (<see cref="Window.Slices"/>), so the run's own sinks (totals, per-second files)
/// serve each operation of a mix. A second without the slice reaches the sink as an empty window of that second.
/// </summary>
internal sealed class SliceSink(string name, IWindowSink inner) : IWindowSink
{
    private readonly Window _empty = new();

    public string Name => name;

    public void OnWindow(Window window, bool warmup)
    {
        var slice = window.Slices?.GetValueOrDefault(name);
        if (slice is null)
        {
            _empty.Reset(window.EpochSecond);
            slice = _empty;
        }

        // A slice made in a pooled window keeps the second it was first made in until a reset; the whole window's second is the one.
        slice.EpochSecond = window.EpochSecond;
        inner.OnWindow(slice, warmup);
    }
}
