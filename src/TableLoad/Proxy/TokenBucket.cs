namespace TableLoad.Proxy;

/// <summary>
/// Admits tokens (entities, bytes or request units) at <c>rate</c> per second with a burst of one second's worth:
/// what is not used within a second is lost. A request larger than the burst is admitted once the bucket is full
/// and leaves it in debt, so it is slowed, never starved.
/// </summary>
internal sealed class TokenBucket
{
    private readonly Lock _lock = new();
    private readonly TimeProvider _time;
    private readonly double _rate;
    private double _tokens;
    private long _refilledAt;
    private bool _retired;

    public TokenBucket(double ratePerSecond, TimeProvider time)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(ratePerSecond);
        _time = time;
        _rate = ratePerSecond;
        _tokens = ratePerSecond;
        _refilledAt = time.GetTimestamp();
    }

    public double Capacity => _rate;

    /// <summary>Takes <paramref name="count"/> tokens, or says how long until the bucket holds enough.</summary>
    public BucketAnswer TryTake(double count)
    {
        lock (_lock)
        {
            if (_retired)
            {
                return BucketAnswer.Retired;
            }

            Refill();
            var needed = Math.Min(count, _rate);
            if (_tokens >= needed)
            {
                _tokens -= count;
                return BucketAnswer.Taken;
            }

            return new BucketAnswer(BucketStatus.Empty, TimeSpan.FromSeconds((needed - _tokens) / _rate));
        }
    }

    /// <summary>Gives back tokens taken for a request that another limit then refused.</summary>
    public void Return(double count)
    {
        lock (_lock)
        {
            _tokens = Math.Min(_rate, _tokens + count);
        }
    }

    /// <summary>Takes <paramref name="count"/> tokens whatever the bucket holds, into debt if need be (for what is known only after serving); false if retired.</summary>
    public bool Charge(double count)
    {
        lock (_lock)
        {
            if (_retired)
            {
                return false;
            }

            Refill();
            _tokens -= count;
            return true;
        }
    }

    /// <summary>Retires the bucket if it is full, i.e. indistinguishable from a new one; a retired bucket takes nothing.</summary>
    public bool TryRetireIfFull()
    {
        lock (_lock)
        {
            Refill();
            _retired = _tokens >= _rate;
            return _retired;
        }
    }

    private void Refill()
    {
        var now = _time.GetTimestamp();
        var elapsed = _time.GetElapsedTime(_refilledAt, now).TotalSeconds;
        _refilledAt = now;
        if (elapsed > 0)
        {
            _tokens = Math.Min(_rate, _tokens + (elapsed * _rate));
        }
    }
}

internal enum BucketStatus
{
    Taken,
    Empty,
    Retired,
}

/// <summary>A bucket's answer: taken, or empty with the wait until it holds enough.</summary>
internal readonly record struct BucketAnswer(BucketStatus Status, TimeSpan Wait)
{
    public static BucketAnswer Taken => new(BucketStatus.Taken, TimeSpan.Zero);

    public static BucketAnswer Retired => new(BucketStatus.Retired, TimeSpan.Zero);
}
