using Microsoft.Extensions.Time.Testing;
using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class ScalabilityTargetsTests
{
    private readonly FakeTimeProvider _time = new();

    [Fact]
    public void TryAdmit_EachPartitionHasItsOwnBucket()
    {
        var targets = CreateSut(partitionLimit: 500, accountLimit: 20_000);

        Assert.True(targets.TryAdmit("acct", "acct/t/p1", 500).IsAdmitted);
        Assert.True(targets.TryAdmit("acct", "acct/t/p2", 500).IsAdmitted);

        var refused = targets.TryAdmit("acct", "acct/t/p1", 100);
        Assert.Equal(ThrottledBy.Partition, refused.Limit);
        Assert.Equal(TimeSpan.FromMilliseconds(200), refused.RetryAfter);
    }

    [Fact]
    public void TryAdmit_OverTheAccountLimit_IsRefusedByTheAccount_AndThePartitionKeepsItsTokens()
    {
        var targets = CreateSut(partitionLimit: 500, accountLimit: 600);
        Assert.True(targets.TryAdmit("acct", "acct/t/p1", 500).IsAdmitted);

        var refused = targets.TryAdmit("acct", "acct/t/p2", 200);

        Assert.Equal(ThrottledBy.Account, refused.Limit);
        Assert.InRange(refused.RetryAfter.TotalMilliseconds, 166.6, 166.7);

        // p2's tokens were given back: after the account refills, p2 can take its full 500.
        _time.Advance(TimeSpan.FromSeconds(1));
        Assert.True(targets.TryAdmit("acct", "acct/t/p2", 500).IsAdmitted);
    }

    [Fact]
    public void TryAdmit_AccountsAreSeparate()
    {
        var targets = CreateSut(partitionLimit: 1000, accountLimit: 100);

        Assert.True(targets.TryAdmit("a1", "a1/t/p", 100).IsAdmitted);
        Assert.True(targets.TryAdmit("a2", "a2/t/p", 100).IsAdmitted);
        Assert.Equal(ThrottledBy.Account, targets.TryAdmit("a1", "a1/t/q", 1).Limit);
    }

    [Fact]
    public void TryAdmit_ManyIdlePartitions_AreForgottenWithoutChangingDecisions()
    {
        var targets = CreateSut(partitionLimit: 10, accountLimit: 1e9);
        for (var i = 0; i < 5000; i++)
        {
            Assert.True(targets.TryAdmit("acct", $"acct/t/p{i}", 10).IsAdmitted);
        }

        _time.Advance(TimeSpan.FromSeconds(2));
        Assert.True(targets.TryAdmit("acct", "acct/t/new", 10).IsAdmitted);

        Assert.True(targets.PartitionsTracked < 100, $"{targets.PartitionsTracked} partitions still tracked");
        Assert.True(targets.TryAdmit("acct", "acct/t/p1", 10).IsAdmitted);
        Assert.Equal(ThrottledBy.Partition, targets.TryAdmit("acct", "acct/t/p1", 10).Limit);
    }

    [Fact]
    public async Task TryAdmit_FromManyThreadsAtOnce_AdmitsExactlyTheBucket()
    {
        var targets = CreateSut(partitionLimit: 500, accountLimit: 1e9);
        var admitted = 0;

        await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => Task.Run(() =>
        {
            for (var i = 0; i < 1000; i++)
            {
                if (targets.TryAdmit("acct", "acct/t/hot", 1).IsAdmitted)
                {
                    Interlocked.Increment(ref admitted);
                }
            }
        })));

        Assert.Equal(500, admitted);
    }

    private ScalabilityTargets CreateSut(double partitionLimit, double accountLimit) =>
        new(new ProxySettings { Listen = new Uri("http://127.0.0.1:0"), Target = new Uri("http://127.0.0.1:1"), PartitionLimit = partitionLimit, AccountLimit = accountLimit }, _time);
}
