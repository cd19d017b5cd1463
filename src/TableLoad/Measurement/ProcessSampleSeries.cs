using System.Collections;

namespace TableLoad.Measurement;

/// <summary>
/// One process's cost samples, taken once a second however long the run, kept in bounded memory: the first sample and
/// the <see cref="RecentCapacity"/> latest. The samples are cumulative, so the first and the last give a whole run's
/// figures and neighbours give the latest second's; the saturation guard reads no further back than
/// <see cref="SaturationGuard.GrowingQueueSamples"/>. Seen as a list: the first sample, then the latest in time order.
/// </summary>
internal sealed class ProcessSampleSeries : IReadOnlyList<ProcessSample>
{
    public const int RecentCapacity = 16;

    private readonly ProcessSample[] _recent = new ProcessSample[RecentCapacity];
    private ProcessSample _first;
    private long _added;

    public int Count => (int)Math.Min(_added, RecentCapacity + 1);

    public ProcessSample this[int index]
    {
        get
        {
            ArgumentOutOfRangeException.ThrowIfNegative(index);
            ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, Count);
            if (index == 0)
            {
                return _first;
            }

            // The recent samples after the first: the last Count - 1 added, oldest first.
            var position = _added - (Count - 1) + (index - 1);
            return _recent[position % RecentCapacity];
        }
    }

    public void Add(ProcessSample sample)
    {
        if (_added == 0)
        {
            _first = sample;
        }
        else
        {
            _recent[_added % RecentCapacity] = sample;
        }

        _added++;
    }

    public IEnumerator<ProcessSample> GetEnumerator()
    {
        for (var i = 0; i < Count; i++)
        {
            yield return this[i];
        }
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
