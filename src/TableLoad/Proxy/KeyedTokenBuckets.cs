using System.Collections.Concurrent;

namespace TableLoad.Proxy;

/// <summary>
/// One <see cref="TokenBucket"/> per key, looked up by a span so that a hit allocates nothing.
/// Full buckets are dropped now and then: a full bucket is the same as a new one, so this only bounds memory.
/// </summary>
internal sealed class KeyedTokenBuckets
{
    private const int SweepAbove = 4096;
    private static readonly TimeSpan SweepEvery = TimeSpan.FromSeconds(1);

    private readonly ConcurrentDictionary<string, TokenBucket> _buckets = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, TokenBucket>.AlternateLookup<ReadOnlySpan<char>> _lookup;
    private readonly double _rate;
    private readonly TimeSpan? _burst;
    private readonly TimeProvider _time;
    private long _lastSweep;
    private int _sweeping;

    public KeyedTokenBuckets(double ratePerSecond, TimeProvider time, TimeSpan? burst = null)
    {
        _rate = ratePerSecond;
        _burst = burst;
        _time = time;
        _lookup = _buckets.GetAlternateLookup<ReadOnlySpan<char>>();
        _lastSweep = time.GetTimestamp();
    }

    public int Count => _buckets.Count;

    public BucketAnswer TryTake(ReadOnlySpan<char> key, double count)
    {
        while (true)
        {
            var answer = Bucket(key).TryTake(count);
            if (answer.Status != BucketStatus.Retired)
            {
                return answer;
            }

            // A sweep retired this bucket between the lookup and the take; the next lookup makes a new one.
        }
    }

    /// <summary>Takes <paramref name="count"/> tokens from the key's bucket, into debt if need be.</summary>
    public void Charge(ReadOnlySpan<char> key, double count)
    {
        while (!Bucket(key).Charge(count))
        {
            // Retired between the lookup and the charge, as in TryTake.
        }
    }

    public void Return(ReadOnlySpan<char> key, double count)
    {
        if (_lookup.TryGetValue(key, out var bucket))
        {
            bucket.Return(count);
        }
    }

    private TokenBucket Bucket(ReadOnlySpan<char> key)
    {
        if (_lookup.TryGetValue(key, out var bucket))
        {
            return bucket;
        }

        SweepIfLarge();
        var created = new TokenBucket(_rate, _time, _burst);
        while (!_lookup.TryAdd(key, created))
        {
            if (_lookup.TryGetValue(key, out bucket))
            {
                return bucket;
            }
        }

        return created;
    }

    private void SweepIfLarge()
    {
        if (_buckets.Count <= SweepAbove || _time.GetElapsedTime(Volatile.Read(ref _lastSweep)) < SweepEvery ||
            Interlocked.Exchange(ref _sweeping, 1) == 1)
        {
            return;
        }

        try
        {
            foreach (var (key, bucket) in _buckets)
            {
                if (bucket.TryRetireIfFull())
                {
                    _buckets.TryRemove(new KeyValuePair<string, TokenBucket>(key, bucket));
                }
            }

            Volatile.Write(ref _lastSweep, _time.GetTimestamp());
        }
        finally
        {
            Volatile.Write(ref _sweeping, 0);
        }
    }
}
