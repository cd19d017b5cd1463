namespace TableLoad.Proxy;

/// <summary>
/// Admits tokens (entities, bytes or request units) at <c>rate</c> per second with a burst of <c>burst</c>'s worth
/// (one second's unless told): what is not used within it is lost. A request larger than the burst is admitted once
/// the bucket is full and leaves it in debt, so it is slowed, never starved.
/// </summary>
internal sealed class TokenBucket
{
    private readonly Lock _lock = new();
    private readonly TimeProvider _time;
    private readonly double _rate;
    private readonly double _capacity;
    private double _tokens;
    private long _refilledAt;
    private bool _retired;

    public TokenBucket(double ratePerSecond, TimeProvider time, TimeSpan? burst = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(ratePerSecond);
        _time = time;
        _rate = ratePerSecond;
        _capacity = ratePerSecond * (burst ?? TimeSpan.FromSeconds(1)).TotalSeconds;
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(_capacity, nameof(burst));
        _tokens = _capacity;
        _refilledAt = time.GetTimestamp();
    }

    public double Capacity => _capacity;

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
            var needed = Math.Min(count, _capacity);
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
            _tokens = Math.Min(_capacity, _tokens + count);
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
            _retired = _tokens >= _capacity;
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
            _tokens = Math.Min(_capacity, _tokens + (elapsed * _rate));
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
