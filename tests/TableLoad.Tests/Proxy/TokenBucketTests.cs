using Microsoft.Extensions.Time.Testing;
using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class TokenBucketTests
{
    private readonly FakeTimeProvider _time = new();

    [Fact]
    public void TryTake_WhenNew_AllowsOneSecondsWorthAtOnce()
    {
        var bucket = CreateSut(rate: 500);

        Assert.Equal(BucketStatus.Taken, bucket.TryTake(100).Status);
        Assert.Equal(BucketStatus.Taken, bucket.TryTake(400).Status);
        Assert.Equal(BucketStatus.Empty, bucket.TryTake(1).Status);
    }

    [Fact]
    public void TryTake_WhenEmpty_SaysHowLongUntilEnoughTokens()
    {
        var bucket = CreateSut(rate: 500);
        bucket.TryTake(500);

        var answer = bucket.TryTake(100);

        Assert.Equal(BucketStatus.Empty, answer.Status);
        Assert.Equal(TimeSpan.FromMilliseconds(200), answer.Wait);
    }

    [Fact]
    public void TryTake_AfterTimePasses_RefillsAtTheRate()
    {
        var bucket = CreateSut(rate: 500);
        bucket.TryTake(500);

        _time.Advance(TimeSpan.FromMilliseconds(199));
        Assert.Equal(BucketStatus.Empty, bucket.TryTake(100).Status);
        _time.Advance(TimeSpan.FromMilliseconds(1));
        Assert.Equal(BucketStatus.Taken, bucket.TryTake(100).Status);
        Assert.Equal(BucketStatus.Empty, bucket.TryTake(1).Status);
    }

    [Fact]
    public void TryTake_AfterLongIdle_NeverHoldsMoreThanOneSecondsWorth()
    {
        var bucket = CreateSut(rate: 500);

        _time.Advance(TimeSpan.FromMinutes(5));

        Assert.Equal(BucketStatus.Taken, bucket.TryTake(500).Status);
        Assert.Equal(BucketStatus.Empty, bucket.TryTake(1).Status);
    }

    [Fact]
    public void TryTake_RequestLargerThanBurst_IsAdmittedWhenFullAndLeavesDebt()
    {
        var bucket = CreateSut(rate: 50);

        Assert.Equal(BucketStatus.Taken, bucket.TryTake(100).Status);

        // 100 taken from 50: 50 in debt, so the next 50 need 2 s.
        var answer = bucket.TryTake(100);
        Assert.Equal(BucketStatus.Empty, answer.Status);
        Assert.Equal(TimeSpan.FromSeconds(2), answer.Wait);
        _time.Advance(TimeSpan.FromSeconds(2));
        Assert.Equal(BucketStatus.Taken, bucket.TryTake(100).Status);
    }

    [Fact]
    public void SustainedDemand_IsAdmittedAtTheRate()
    {
        var bucket = CreateSut(rate: 2000);
        var admitted = 0;

        for (var step = 0; step < 10_000; step++)
        {
            if (bucket.TryTake(100).Status == BucketStatus.Taken)
            {
                admitted += 100;
            }

            _time.Advance(TimeSpan.FromMilliseconds(1));
        }

        // 10 s at 2000/s plus the initial burst of one second's worth.
        Assert.InRange(admitted, 20_000, 22_000);
    }

    [Fact]
    public void Return_GivesTokensBack_UpToCapacity()
    {
        var bucket = CreateSut(rate: 500);
        bucket.TryTake(500);

        bucket.Return(100);
        bucket.Return(10_000);

        Assert.Equal(BucketStatus.Taken, bucket.TryTake(500).Status);
        Assert.Equal(BucketStatus.Empty, bucket.TryTake(1).Status);
    }

    [Fact]
    public void TryRetireIfFull_OnlyRetiresFullBuckets_AndARetiredBucketTakesNothing()
    {
        var bucket = CreateSut(rate: 500);
        bucket.TryTake(1);
        Assert.False(bucket.TryRetireIfFull());

        _time.Advance(TimeSpan.FromSeconds(1));
        Assert.True(bucket.TryRetireIfFull());
        Assert.Equal(BucketStatus.Retired, bucket.TryTake(1).Status);
    }

    private TokenBucket CreateSut(double rate) => new(rate, _time);
}
