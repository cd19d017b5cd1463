using System.Collections.Concurrent;

namespace TableLoad.Measurement;

/// <summary>Reuses windows (each holds a histogram of some 200 KB) so a long run allocates none per second.</summary>
internal sealed class WindowPool
{
    private readonly ConcurrentBag<Window> _free = [];

    public Window Rent(long epochSecond)
    {
        var window = _free.TryTake(out var reused) ? reused : new Window();
        window.Reset(epochSecond);
        return window;
    }

    public void Return(Window window) => _free.Add(window);
}
